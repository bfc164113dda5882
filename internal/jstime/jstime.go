// Package jstime writes a timestamp as JavaScript writes a Date: the one
// conversion of a MessagePack timestamp that every runtime must agree on.
package jstime

import "strconv"

// Format writes a timestamp as JavaScript's Date.prototype.toJSON
// does: UTC, milliseconds (truncated toward zero, as a Date holds them),
// "Z", and six-digit signed years outside 0000..9999. It reports false for a
// time outside a Date's range (±8.64e15 ms).
func Format(sec int64, nsec int32) (string, bool) {
	const maxMs = 8_640_000_000_000_000
	if sec > maxMs/1000+1 || sec < -maxMs/1000-1 || nsec < 0 || nsec > 999_999_999 {
		return "", false
	}
	ms := sec*1000 + int64(nsec)/1_000_000
	if ms < 0 && nsec%1_000_000 != 0 {
		ms++ // toward zero
	}
	if ms > maxMs || ms < -maxMs {
		return "", false
	}
	days := ms / 86_400_000
	rem := ms % 86_400_000
	if rem < 0 {
		rem += 86_400_000
		days--
	}
	y, m, d := civil(days)
	b := make([]byte, 0, 30)
	switch {
	case y < 0:
		b = append(b, '-')
		b = pad(b, -y, 6)
	case y > 9999:
		b = append(b, '+')
		b = pad(b, y, 6)
	default:
		b = pad(b, y, 4)
	}
	b = append(b, '-')
	b = pad(b, m, 2)
	b = append(b, '-')
	b = pad(b, d, 2)
	b = append(b, 'T')
	b = pad(b, rem/3_600_000, 2)
	b = append(b, ':')
	b = pad(b, rem/60_000%60, 2)
	b = append(b, ':')
	b = pad(b, rem/1000%60, 2)
	b = append(b, '.')
	b = pad(b, rem%1000, 3)
	b = append(b, 'Z')
	return string(b), true
}

func pad(b []byte, n int64, width int) []byte {
	s := strconv.FormatInt(n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// civil converts days since 1970-01-01 to a proleptic Gregorian date
// (Howard Hinnant's days_from_civil inverse).
func civil(days int64) (y, m, d int64) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}
