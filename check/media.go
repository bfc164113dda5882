package check

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// mediaFormat is a file format recognized by its first bytes.
type mediaFormat struct {
	name  string
	types []string // the media types that name it, the registered one first
	image bool
}

var (
	fmtPNG  = &mediaFormat{"PNG", []string{"image/png", "image/apng"}, true}
	fmtJPEG = &mediaFormat{"JPEG", []string{"image/jpeg", "image/jpg", "image/pjpeg"}, true}
	fmtGIF  = &mediaFormat{"GIF", []string{"image/gif"}, true}
	fmtWebP = &mediaFormat{"WebP", []string{"image/webp"}, true}
	fmtBMP  = &mediaFormat{"BMP", []string{"image/bmp", "image/x-bmp", "image/x-ms-bmp"}, true}
	fmtICO  = &mediaFormat{"ICO", []string{"image/vnd.microsoft.icon", "image/x-icon", "image/ico", "image/icon"}, true}
	fmtSVG  = &mediaFormat{"SVG", []string{"image/svg+xml"}, true}
	fmtTIFF = &mediaFormat{"TIFF", []string{"image/tiff"}, true}
	fmtAVIF = &mediaFormat{"AVIF", []string{"image/avif"}, true}
	fmtHEIC = &mediaFormat{"HEIC/HEIF", []string{"image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"}, true}
	fmtWAV  = &mediaFormat{"WAV", []string{"audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"}, false}
	fmtMP3  = &mediaFormat{"MP3", []string{"audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg", "audio/x-mp3"}, false}
	fmtAAC  = &mediaFormat{"AAC (ADTS)", []string{"audio/aac", "audio/x-aac", "audio/aacp"}, false}
	fmtOGG  = &mediaFormat{"Ogg", []string{"audio/ogg", "audio/opus", "audio/vorbis", "audio/x-ogg", "application/ogg", "video/ogg"}, false}
	fmtFLAC = &mediaFormat{"FLAC", []string{"audio/flac", "audio/x-flac"}, false}
	fmtAIFF = &mediaFormat{"AIFF", []string{"audio/aiff", "audio/x-aiff"}, false}
	// MP4 audio is often labelled audio/aac; the container is accepted
	// under that name too.
	fmtMP4  = &mediaFormat{"MP4/M4A", []string{"audio/mp4", "audio/m4a", "audio/x-m4a", "audio/aac", "audio/x-aac", "video/mp4"}, false}
	fmtWebM = &mediaFormat{"WebM/Matroska", []string{"audio/webm", "video/webm", "audio/x-matroska", "video/x-matroska"}, false}

	mediaFormats = []*mediaFormat{fmtPNG, fmtJPEG, fmtGIF, fmtWebP, fmtBMP, fmtICO, fmtSVG, fmtTIFF, fmtAVIF, fmtHEIC,
		fmtWAV, fmtMP3, fmtAAC, fmtOGG, fmtFLAC, fmtAIFF, fmtMP4, fmtWebM}
)

// modelImageTypes are the image media types the Anthropic API (Claude docs,
// Vision: JPEG, PNG, GIF, WebP) and the OpenAI API (Images and vision: PNG,
// JPEG, WEBP, non-animated GIF) accept.
var modelImageTypes = []string{"image/jpeg", "image/png", "image/gif", "image/webp"}

// names reports whether the media type names the format.
func (m *mediaFormat) names(mediaType string) bool { return slices.Contains(m.types, mediaType) }

// formatNamed returns the format a media type names, or nil.
func formatNamed(mediaType string) *mediaFormat {
	for _, m := range mediaFormats {
		if m.names(mediaType) {
			return m
		}
	}
	return nil
}

// essence is a media type without parameters, lower-cased.
func essence(mimeType string) string {
	if i := strings.IndexByte(mimeType, ';'); i >= 0 {
		mimeType = mimeType[:i]
	}
	return strings.ToLower(strings.TrimSpace(mimeType))
}

// sniff recognizes a format by its magic numbers, or returns nil.
func sniff(b []byte) *mediaFormat {
	has := func(off int, sig string) bool { return len(b) >= off+len(sig) && string(b[off:off+len(sig)]) == sig }
	switch {
	case has(0, "\x89PNG\r\n\x1a\n"):
		return fmtPNG
	case has(0, "\xff\xd8\xff"):
		return fmtJPEG
	case has(0, "GIF87a"), has(0, "GIF89a"):
		return fmtGIF
	case has(0, "RIFF") && has(8, "WEBP"):
		return fmtWebP
	case has(0, "RIFF") && has(8, "WAVE"):
		return fmtWAV
	case has(0, "BM") && len(b) >= 26:
		return fmtBMP
	case has(0, "\x00\x00\x01\x00") && len(b) >= 6 && (b[4] != 0 || b[5] != 0):
		return fmtICO
	case has(0, "II*\x00"), has(0, "MM\x00*"):
		return fmtTIFF
	case has(4, "ftyp"):
		return sniffFtyp(b)
	case has(0, "OggS"):
		return fmtOGG
	case has(0, "fLaC"):
		return fmtFLAC
	case has(0, "FORM") && (has(8, "AIFF") || has(8, "AIFC")):
		return fmtAIFF
	case has(0, "\x1a\x45\xdf\xa3"):
		return fmtWebM
	case has(0, "ID3"):
		return fmtMP3
	case len(b) >= 2 && b[0] == 0xff && b[1]&0xf6 == 0xf0:
		return fmtAAC // ADTS: sync, layer 00
	case len(b) >= 2 && b[0] == 0xff && b[1]&0xe0 == 0xe0 && b[1]&0x06 != 0:
		return fmtMP3 // MPEG audio frame sync, layer I–III
	case isSVG(b):
		return fmtSVG
	}
	return nil
}

// sniffFtyp tells the ISO base media formats apart by their brands.
func sniffFtyp(b []byte) *mediaFormat {
	if len(b) < 12 {
		return nil
	}
	brands := []string{string(b[8:12])}
	size := int(binary.BigEndian.Uint32(b[0:4]))
	for off := 16; off+4 <= size && off+4 <= len(b); off += 4 {
		brands = append(brands, string(b[off:off+4]))
	}
	for _, br := range brands {
		switch br {
		case "avif", "avis":
			return fmtAVIF
		}
	}
	switch brands[0] {
	case "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1":
		return fmtHEIC
	}
	return fmtMP4
}

// isSVG reports text whose first element is <svg, after an optional BOM,
// XML declaration, comments and doctype.
func isSVG(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	for range 16 {
		b = bytes.TrimLeft(b, " \t\r\n")
		switch {
		case bytes.HasPrefix(b, []byte("<?")):
			i := bytes.Index(b, []byte("?>"))
			if i < 0 {
				return false
			}
			b = b[i+2:]
		case bytes.HasPrefix(b, []byte("<!--")):
			i := bytes.Index(b, []byte("-->"))
			if i < 0 {
				return false
			}
			b = b[i+3:]
		case bytes.HasPrefix(b, []byte("<!")):
			i := bytes.IndexByte(b, '>')
			if i < 0 {
				return false
			}
			b = b[i+1:]
		default:
			return len(b) > 4 && string(b[:4]) == "<svg" && strings.ContainsRune(" \t\r\n>/", rune(b[4]))
		}
	}
	return false
}

// dimensions reads an image's width and height from its header.
func dimensions(f *mediaFormat, b []byte) (w, h int, ok bool) {
	le16 := func(i int) int { return int(binary.LittleEndian.Uint16(b[i:])) }
	le24 := func(i int) int { return int(b[i]) | int(b[i+1])<<8 | int(b[i+2])<<16 }
	switch f {
	case fmtPNG:
		if len(b) >= 24 && string(b[12:16]) == "IHDR" {
			return int(binary.BigEndian.Uint32(b[16:])), int(binary.BigEndian.Uint32(b[20:])), true
		}
	case fmtGIF:
		if len(b) >= 10 {
			return le16(6), le16(8), true
		}
	case fmtJPEG:
		return jpegDimensions(b)
	case fmtWebP:
		if len(b) < 30 {
			return 0, 0, false
		}
		switch string(b[12:16]) {
		case "VP8 ":
			if string(b[23:26]) == "\x9d\x01\x2a" {
				return le16(26) & 0x3fff, le16(28) & 0x3fff, true
			}
		case "VP8L":
			if b[20] == 0x2f {
				bits := binary.LittleEndian.Uint32(b[21:])
				return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1, true
			}
		case "VP8X":
			return le24(24) + 1, le24(27) + 1, true
		}
	case fmtBMP:
		if len(b) < 26 {
			return 0, 0, false
		}
		if binary.LittleEndian.Uint32(b[14:]) == 12 { // OS/2 header
			return le16(18), le16(20), true
		}
		w := int(int32(binary.LittleEndian.Uint32(b[18:])))
		h := int(int32(binary.LittleEndian.Uint32(b[22:])))
		return abs(w), abs(h), true
	}
	return 0, 0, false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// jpegDimensions walks the JPEG markers to the first start of frame.
func jpegDimensions(b []byte) (w, h int, ok bool) {
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xff {
			return 0, 0, false
		}
		m := b[i+1]
		switch {
		case m == 0xff: // fill byte
			i++
			continue
		case m == 0x01 || m >= 0xd0 && m <= 0xd7: // no length
			i += 2
			continue
		case m == 0xd9 || m == 0xda: // end of image, start of scan: no frame header before
			return 0, 0, false
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc {
			if i+9 > len(b) {
				return 0, 0, false
			}
			return int(binary.BigEndian.Uint16(b[i+7:])), int(binary.BigEndian.Uint16(b[i+5:])), true
		}
		if n < 2 {
			return 0, 0, false
		}
		i += 2 + n
	}
	return 0, 0, false
}

// mediaItem is one piece of base64 media in a result.
type mediaItem struct {
	path, data, mimeType string
	what                 string // "image block", "audio block", "blob resource contents"
	imageBlock           bool   // an image content block, which clients hand to the model as an image
}

// mediaItems lists the image and audio blocks, and the blob resource
// contents (embedded or read) whose mimeType is image/* or audio/*.
func mediaItems(v content.Value, kind string) []mediaItem {
	var out []mediaItem
	blob := func(c content.Value, path string) {
		mt := strMember(c, "mimeType")
		if e := essence(mt); !strings.HasPrefix(e, "image/") && !strings.HasPrefix(e, "audio/") {
			return
		}
		if d, ok := c.Get("blob"); ok && d.Kind() == content.KindString {
			out = append(out, mediaItem{path: path + "/blob", data: d.Str(), mimeType: mt, what: "blob resource contents"})
		}
	}
	if kind == result.KindResource {
		if cs, ok := v.Get("contents"); ok && cs.Kind() == content.KindArray {
			for i := 0; i < cs.Len(); i++ {
				blob(cs.Index(i), pointer("/contents", i))
			}
		}
		return out
	}
	for i, b := range contentBlocks(v) {
		switch t := strMember(b, "type"); t {
		case "image", "audio":
			if d, ok := b.Get("data"); ok && d.Kind() == content.KindString {
				out = append(out, mediaItem{path: pointer("/content", i, "data"), data: d.Str(),
					mimeType: strMember(b, "mimeType"), what: t + " block", imageBlock: t == "image"})
			}
		case "resource":
			if r, ok := b.Get("resource"); ok {
				blob(r, pointer("/content", i, "resource"))
			}
		}
	}
	return out
}

// media checks what base64 media holds against what its mimeType says, and
// images against the clients' documented limits.
func (f *findings) media(v content.Value, kind string) {
	for _, m := range mediaItems(v, kind) {
		b, err := base64.StdEncoding.DecodeString(m.data)
		if err != nil {
			continue // validate reports invalid_base64
		}
		declared := essence(m.mimeType)
		got := sniff(b)
		named := formatNamed(declared)
		switch {
		case len(b) == 0:
			f.add(Warning, CodeMediaTypeUnknown, m.path, "the "+m.what+" holds no bytes; clients have nothing to show")
			continue
		case got == nil && named != nil:
			f.add(Warning, CodeMediaTypeUnknown, m.path, fmt.Sprintf(
				"the data of this %s does not start as %s data does (mimeType %s), nor as any image or audio format this check knows; clients that check the bytes reject it",
				m.what, named.name, declared))
		case got != nil && !got.names(declared):
			hint := ""
			if m.imageBlock {
				hint = ` (the Anthropic API, behind Claude Code, rejects it: "Image does not match the provided media type")`
			}
			f.add(Error, CodeMediaTypeMismatch, m.path, fmt.Sprintf(
				"the data of this %s is %s but its mimeType says %s; write %s%s",
				m.what, got.name, quoteType(declared), got.types[0], hint))
		}
		format := got
		if format == nil {
			format = named
		}
		if m.imageBlock && !slices.Contains(modelImageTypes, declared) {
			fix := ""
			if format != nil && slices.Contains(modelImageTypes, format.types[0]) {
				fix = "; the data is " + format.name + ": write " + format.types[0]
			}
			f.add(Warning, CodeImageFormatUnsupported, m.path, fmt.Sprintf(
				"the mimeType %s is not one of the image types the Anthropic API and the OpenAI API accept (image/jpeg, image/png, image/gif, image/webp); clients that pass it on to the model fail or drop the image%s",
				quoteType(declared), fix))
		}
		if format == nil || !format.image {
			continue
		}
		if w, h, ok := dimensions(got, b); ok { // read only from bytes recognized as the format
			long := max(w, h)
			switch l := limitAnthropicPixels; {
			case int64(long) > l.Value:
				f.add(Warning, CodeImageTooLarge, m.path, fmt.Sprintf(
					"the image is %d×%d px, over %s's %d px (%s; %s)", w, h, l.Client, l.Value, l.What, l.Source))
			case int64(long) > limitAnthropicLongEdge.Value:
				l := limitAnthropicLongEdge
				f.add(Info, CodeImageDownscaled, m.path, fmt.Sprintf(
					"the image is %d×%d px, its long edge over %s's %d px (%s; %s): sending it smaller saves bytes and time",
					w, h, l.Client, l.Value, l.What, l.Source))
			}
		}
		if l := limitAnthropicBytes; int64(len(m.data)) > l.Value {
			f.add(Warning, CodeImageTooLarge, m.path, fmt.Sprintf(
				"the image's base64 data is %d bytes (%d decoded), over %s's %d (%s; %s)", len(m.data), len(b), l.Client, l.Value, l.What, l.Source))
		}
		if l := limitOpenAIBytes; int64(len(b)) > l.Value {
			f.add(Warning, CodeImageTooLarge, m.path, fmt.Sprintf(
				"the image is %d bytes decoded, over %s's %d (%s; %s)", len(b), l.Client, l.Value, l.What, l.Source))
		}
	}
}

// quoteType names a declared media type in a message ("no mimeType" for an
// empty one).
func quoteType(t string) string {
	if t == "" {
		return "nothing (no mimeType)"
	}
	return fmt.Sprintf("%q", t)
}
