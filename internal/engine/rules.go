package engine

// The field rules (see "What is checked" in the package doc). Each returns
// "" when s passes, or the message of the error; no message contains s
// itself.

// b64Index maps a byte to its value in the standard base64 alphabet, or 0xFF.
var b64Index = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// checkBase64 accepts canonical padded standard base64 only: text that
// decodes and encodes back to itself (alphabet A-Z a-z 0-9 + /, "=" padding
// to a multiple of 4, no line breaks, zero bits after the last byte).
func checkBase64(s string) string {
	if len(s) >= 5 && equalFoldASCII(s[:5], "data:") {
		return "a data: URI is not base64; pass only the base64 payload after the comma, and the media type separately"
	}
	if len(s)%4 != 0 {
		return "base64 must be padded standard base64 (length a multiple of 4)"
	}
	const msg = "not canonical padded standard base64"
	pad := 0
	if len(s) >= 4 {
		if s[len(s)-1] == '=' {
			pad++
			if s[len(s)-2] == '=' {
				pad++
			}
		}
	}
	body := s[:len(s)-pad]
	for i := 0; i < len(body); i++ {
		if b64Index[body[i]] == 0xFF {
			return msg
		}
	}
	switch pad {
	case 1: // the last character before "=" carries 2 unused bits
		if b64Index[body[len(body)-1]]&0x03 != 0 {
			return msg
		}
	case 2: // 4 unused bits
		if b64Index[body[len(body)-1]]&0x0F != 0 {
			return msg
		}
	}
	return ""
}

// isTokenChar reports a tchar of RFC 9110.
func isTokenChar(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	return indexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// restrictedName checks an RFC 6838 restricted-name: 1 to 127 characters,
// the first a letter or digit, the rest letters, digits or !#$&-^_.+
func restrictedName(s string) bool {
	if len(s) == 0 || len(s) > 127 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if i == 0 && !alnum {
			return false
		}
		if !alnum && indexByte("!#$&-^_.+", c) < 0 {
			return false
		}
	}
	return true
}

// checkMIMEType checks "type/subtype" (RFC 6838) with optional parameters
// "; name=value" (RFC 9110: token or quoted-string values). topLevel, when
// not empty, is the required top-level type ("image", "audio"), compared
// case-insensitively.
func checkMIMEType(s, topLevel string) string {
	const msg = "not a media type of the form type/subtype[; name=value]"
	slash := indexByte(s, '/')
	if slash < 0 {
		return msg
	}
	typ := s[:slash]
	rest := s[slash+1:]
	end := 0
	for end < len(rest) && rest[end] != ';' && rest[end] != ' ' && rest[end] != '\t' {
		end++
	}
	sub := rest[:end]
	if !restrictedName(typ) || !restrictedName(sub) {
		return msg
	}
	// parameters = *( OWS ";" OWS [ parameter ] ) (RFC 9110): a parameter
	// may be empty, as in "image/png;".
	params := rest[end:]
	for params != "" {
		params = trimSpaceTab(params)
		if params == "" {
			return msg // trailing whitespace
		}
		if params[0] != ';' {
			return msg
		}
		params = trimSpaceTab(params[1:])
		if params == "" || params[0] == ';' {
			continue // an empty parameter
		}
		// name
		i := 0
		for i < len(params) && isTokenChar(params[i]) {
			i++
		}
		if i == 0 || i >= len(params) || params[i] != '=' {
			return msg
		}
		params = params[i+1:]
		if params != "" && params[0] == '"' {
			j := 1
			closed := false
			for j < len(params) {
				c := params[j]
				if c == '\\' && j+1 < len(params) {
					// quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
					if q := params[j+1]; q < 0x20 && q != '\t' || q == 0x7f {
						return msg
					}
					j += 2
					continue
				}
				if c == '"' {
					closed = true
					j++
					break
				}
				if c < 0x20 && c != '\t' || c == 0x7f {
					return msg
				}
				j++
			}
			if !closed {
				return msg
			}
			params = params[j:]
		} else {
			j := 0
			for j < len(params) && isTokenChar(params[j]) {
				j++
			}
			if j == 0 {
				return msg
			}
			params = params[j:]
		}
	}
	if topLevel != "" && !equalFoldASCII(typ, topLevel) {
		return "media type must be " + topLevel + "/*"
	}
	return ""
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// isURIChar reports the characters RFC 3986 allows in a URI outside
// percent-encoding: unreserved, gen-delims and sub-delims.
func isURIChar(c byte) bool {
	return isAlpha(c) || isDigit(c) || indexByte("-._~:/?#[]@!$&'()*+,;=", c) >= 0
}

// checkURI checks an RFC 3986 URI with a scheme, and the safety rules: no
// whitespace, control characters or backslash, raw or percent-encoded; no
// password in the user-info (a user name alone is allowed); no ".." path
// segment and no "." or ".." host, however they mix "." and "%2e".
func checkURI(s string) string {
	if s == "" {
		return "URI is empty"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c <= 0x20 || c == 0x7f:
			return "URI contains whitespace or a control character"
		case c == '\\':
			return "URI contains a backslash"
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "URI has an invalid percent-encoding"
			}
			if b := hexVal(s[i+1])<<4 | hexVal(s[i+2]); b < 0x20 || b == 0x7f {
				return "URI contains a percent-encoded control character"
			} else if b == '\\' {
				return "URI contains a percent-encoded backslash"
			}
		case c >= 0x80:
			return "URI contains a character that must be percent-encoded"
		case !isURIChar(c):
			return "URI contains a character that must be percent-encoded"
		}
	}
	colon := indexByte(s, ':')
	if colon <= 0 || !isAlpha(s[0]) {
		return "URI must start with a scheme (such as file: or https:)"
	}
	for i := 1; i < colon; i++ {
		if c := s[i]; !isAlpha(c) && !isDigit(c) && c != '+' && c != '-' && c != '.' {
			return "URI must start with a scheme (such as file: or https:)"
		}
	}
	rest := s[colon+1:]
	if i := indexByte(rest, '#'); i >= 0 {
		if indexByte(rest[i+1:], '#') >= 0 {
			return "URI has more than one fragment"
		}
	}
	// "[" and "]" may only enclose an IP literal host.
	if open := indexByte(s, '['); open >= 0 || indexByte(s, ']') >= 0 {
		end := indexByte(s, ']')
		hostStart := colon + 3 // after "scheme://" and any user name
		if auth := rest[min(2, len(rest)):]; hasPrefix(rest, "//") {
			if i := indexAny(auth, "/?#"); i >= 0 {
				auth = auth[:i]
			}
			hostStart += indexByte(auth, '@') + 1
		}
		if open != hostStart || !hasPrefix(rest, "//") || end < open ||
			countByte(s, '[') != 1 || countByte(s, ']') != 1 {
			return "URI contains \"[\" or \"]\" outside an IP literal host"
		}
		if !ipLiteral(s[open+1 : end]) {
			return "URI has an invalid IP literal"
		}
		if after := s[end+1:]; after != "" && indexByte(":/?#", after[0]) < 0 {
			return "URI has an invalid authority"
		}
	}
	if i := indexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	p := rest
	if hasPrefix(rest, "//") {
		auth := rest[2:]
		if i := indexByte(auth, '/'); i >= 0 {
			auth, p = auth[:i], auth[i:]
		} else {
			p = ""
		}
		if at := indexByte(auth, '@'); at >= 0 {
			// A user name alone ("postgres://app@db/x") is allowed; any ":"
			// in the user-info makes the rest a password.
			if indexByte(auth[:at], ':') >= 0 {
				return "URI must not carry a password in its user-info"
			}
			auth = auth[at+1:]
			if indexByte(auth, '@') >= 0 {
				return "URI has an invalid authority"
			}
		}
		if msg := checkAuthority(auth); msg != "" {
			return msg
		}
	}
	for { // each segment of p
		seg, more := p, false
		if i := indexByte(p, '/'); i >= 0 {
			seg, p, more = p[:i], p[i+1:], true
		}
		if dots(seg) == 2 {
			return "URI must not contain a \"..\" path segment"
		}
		if !more {
			return ""
		}
	}
}

// dots returns 1 for "." and 2 for "..", however they mix "." and "%2e" (in
// any case), and 0 for anything else.
//
//go:noinline
func dots(s string) int {
	n := 0
	for i := 0; i < len(s); {
		switch {
		case s[i] == '.':
			i++
		case i+2 < len(s) && s[i] == '%' && s[i+1] == '2' && (s[i+2] == 'e' || s[i+2] == 'E'):
			i += 3
		default:
			return 0
		}
		n++
		if n > 2 {
			return 0
		}
	}
	return n
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// checkAuthority checks host and port of an authority without user-info
// (brackets were checked with the whole URI).
func checkAuthority(auth string) string {
	host := auth
	if hasPrefix(auth, "[") {
		host = auth[indexByte(auth, ']')+1:]
		if host == "" {
			return ""
		}
		host = host[1:] // the ":" before the port
		for i := 0; i < len(host); i++ {
			if !isDigit(host[i]) {
				return "URI has an invalid port"
			}
		}
		return ""
	}
	if i := lastIndexByte(auth, ':'); i >= 0 {
		for j := i + 1; j < len(auth); j++ {
			if !isDigit(auth[j]) {
				return "URI has an invalid port"
			}
		}
		host = auth[:i]
	}
	if indexByte(host, ':') >= 0 {
		return "URI has an invalid host"
	}
	if dots(host) > 0 {
		return "URI must not have \".\" or \"..\" as its host"
	}
	return ""
}

// ipLiteral checks the inside of "[…]": an IPv6 address (RFC 3986 section
// 3.2.2, without a zone) or an IPvFuture literal.
func ipLiteral(s string) bool {
	if len(s) > 1 && (s[0] == 'v' || s[0] == 'V') {
		dot := indexByte(s, '.')
		if dot < 2 || dot == len(s)-1 {
			return false
		}
		for i := 1; i < dot; i++ {
			if !isHex(s[i]) {
				return false
			}
		}
		for i := dot + 1; i < len(s); i++ {
			c := s[i]
			if !isAlpha(c) && !isDigit(c) && indexByte("-._~!$&'()*+,;=:", c) < 0 {
				return false
			}
		}
		return true
	}
	return ipv6(s)
}

// ipv6 checks an IPv6 address in text form: eight groups of 1 to 4 hex
// digits, "::" once for a run of zero groups, and an IPv4 address as the last
// two groups.
func ipv6(s string) bool {
	groups := 0
	compressed := false
	if hasPrefix(s, "::") {
		compressed = true
		s = s[2:]
		if s == "" {
			return true
		}
	}
	for s != "" {
		end := indexByte(s, ':')
		part := s
		if end >= 0 {
			part = s[:end]
		}
		if end < 0 && indexByte(part, '.') >= 0 {
			if !ipv4(part) {
				return false
			}
			groups += 2
			break
		}
		if len(part) < 1 || len(part) > 4 {
			return false
		}
		for i := 0; i < len(part); i++ {
			if !isHex(part[i]) {
				return false
			}
		}
		groups++
		if end < 0 {
			break
		}
		s = s[end+1:]
		if hasPrefix(s, ":") {
			if compressed {
				return false
			}
			compressed = true
			s = s[1:]
			if s == "" {
				break
			}
		} else if s == "" {
			return false // trailing single ":"
		}
	}
	if compressed {
		return groups <= 7
	}
	return groups == 8
}

func ipv4(s string) bool {
	parts := splitByte(s, '.')
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
			return false
		}
		n := 0
		for i := 0; i < len(p); i++ {
			if !isDigit(p[i]) {
				return false
			}
			n = n*10 + int(p[i]-'0')
		}
		if n > 255 {
			return false
		}
	}
	return true
}

// checkRFC3339 accepts an RFC 3339 date-time with an offset:
// YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM), with real calendar dates, hours
// 00-23, minutes and seconds 00-59. "T" and "Z" must be upper case, and a
// leap second (60) is refused: the official TypeScript SDK rejects the whole
// result otherwise.
func checkRFC3339(s string) string {
	const msg = "not an RFC 3339 date-time with offset (such as 2025-01-12T15:00:58Z)"
	num := func(s string) (int, bool) {
		n := 0
		for i := 0; i < len(s); i++ {
			if !isDigit(s[i]) {
				return 0, false
			}
			n = n*10 + int(s[i]-'0')
		}
		return n, true
	}
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return msg
	}
	year, ok1 := num(s[0:4])
	month, ok2 := num(s[5:7])
	day, ok3 := num(s[8:10])
	hour, ok4 := num(s[11:13])
	minute, ok5 := num(s[14:16])
	sec, ok6 := num(s[17:19])
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
		return msg
	}
	if month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || sec > 59 {
		return msg
	}
	rest := s[19:]
	if rest[0] == '.' {
		i := 1
		for i < len(rest) && isDigit(rest[i]) {
			i++
		}
		if i == 1 {
			return msg
		}
		rest = rest[i:]
	}
	switch {
	case rest == "Z":
		return ""
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := num(rest[1:3])
		om, ok2 := num(rest[4:6])
		if ok1 && ok2 && oh <= 23 && om <= 59 {
			return ""
		}
	}
	return msg
}

func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// checkMetaKey checks the MCP _meta key syntax: an optional prefix of
// dot-separated labels followed by "/", then a name. Labels start with a
// letter and end with a letter or digit, with letters, digits and hyphens
// between; a name, unless empty, starts and ends with a letter or digit with
// letters, digits, "-", "_" and "." between. It returns whether the key is
// well formed and whether its prefix is reserved for MCP (second label
// "modelcontextprotocol" or "mcp", compared without regard to ASCII case, as
// DNS labels are).
func checkMetaKey(k string) (ok, reserved bool) {
	name := k
	if i := lastIndexByte(k, '/'); i >= 0 {
		prefix := k[:i]
		name = k[i+1:]
		labels := splitByte(prefix, '.')
		for _, l := range labels {
			if !metaLabel(l) {
				return false, false
			}
		}
		reserved = len(labels) >= 2 && (equalFoldASCII(labels[1], "modelcontextprotocol") || equalFoldASCII(labels[1], "mcp"))
	}
	if name == "" {
		return true, reserved
	}
	alnum := func(c byte) bool { return isAlpha(c) || isDigit(c) }
	if !alnum(name[0]) || !alnum(name[len(name)-1]) {
		return false, false
	}
	for i := 1; i < len(name)-1; i++ {
		if c := name[i]; !alnum(c) && c != '-' && c != '_' && c != '.' {
			return false, false
		}
	}
	return true, reserved
}

func metaLabel(l string) bool {
	if l == "" || !isAlpha(l[0]) {
		return false
	}
	last := l[len(l)-1]
	if !isAlpha(last) && !isDigit(last) {
		return false
	}
	for i := 1; i < len(l)-1; i++ {
		if c := l[i]; !isAlpha(c) && !isDigit(c) && c != '-' {
			return false
		}
	}
	return true
}
