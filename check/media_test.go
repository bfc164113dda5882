package check

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"github.com/mcpresult/mcpresult/content"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gifOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gif.Encode(&b, image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webp returns the first bytes of a WebP file of the given chunk.
func webp(chunk string, w, h int) []byte {
	b := make([]byte, 40)
	copy(b, "RIFF")
	copy(b[8:], "WEBPVP8 ")
	copy(b[12:], chunk)
	switch chunk {
	case "VP8 ":
		copy(b[23:], "\x9d\x01\x2a")
		binary.LittleEndian.PutUint16(b[26:], uint16(w))
		binary.LittleEndian.PutUint16(b[28:], uint16(h))
	case "VP8L":
		b[20] = 0x2f
		binary.LittleEndian.PutUint32(b[21:], uint32(w-1)|uint32(h-1)<<14)
	case "VP8X":
		b[24], b[25], b[26] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
		b[27], b[28], b[29] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	}
	return b
}

func bmpOf(w, h int) []byte {
	b := make([]byte, 54)
	copy(b, "BM")
	binary.LittleEndian.PutUint32(b[14:], 40)
	binary.LittleEndian.PutUint32(b[18:], uint32(w))
	binary.LittleEndian.PutUint32(b[22:], uint32(int32(-h)))
	return b
}

func ftyp(brand string, compat ...string) []byte {
	b := []byte("\x00\x00\x00\x00ftyp" + brand + "\x00\x00\x00\x00" + strings.Join(compat, ""))
	binary.BigEndian.PutUint32(b, uint32(len(b)))
	return append(b, 0, 0, 0, 8)
}

func TestSniff(t *testing.T) {
	cases := []struct {
		name string
		b    []byte
		want *mediaFormat
	}{
		{"png", pngOf(t, 2, 2), fmtPNG},
		{"jpeg", jpegOf(t, 2, 2), fmtJPEG},
		{"gif", gifOf(t, 2, 2), fmtGIF},
		{"webp", webp("VP8L", 2, 2), fmtWebP},
		{"bmp", bmpOf(2, 2), fmtBMP},
		{"ico", []byte("\x00\x00\x01\x00\x01\x00\x10\x10"), fmtICO},
		{"tiff", []byte("II*\x00\x08\x00\x00\x00"), fmtTIFF},
		{"svg", []byte("\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), fmtSVG},
		{"avif", ftyp("avif", "mif1"), fmtAVIF},
		{"avif by compatible brand", ftyp("mif1", "avif"), fmtAVIF},
		{"heic", ftyp("heic", "mif1"), fmtHEIC},
		{"m4a", ftyp("M4A ", "isom"), fmtMP4},
		{"wav", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), fmtWAV},
		{"mp3 id3", []byte("ID3\x04\x00\x00"), fmtMP3},
		{"mp3 frame", []byte{0xff, 0xfb, 0x90, 0x64}, fmtMP3},
		{"aac adts", []byte{0xff, 0xf1, 0x50, 0x80}, fmtAAC},
		{"ogg", []byte("OggS\x00\x02"), fmtOGG},
		{"flac", []byte("fLaC\x00\x00\x00\x22"), fmtFLAC},
		{"aiff", []byte("FORM\x00\x00\x00\x00AIFF"), fmtAIFF},
		{"webm", []byte("\x1a\x45\xdf\xa3\x9f\x42\x86"), fmtWebM},
		{"text", []byte("hello"), nil},
		{"html with svg", []byte("<html><svg></svg></html>"), nil},
		{"ico without images", []byte("\x00\x00\x01\x00\x00\x00"), nil},
		{"empty", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sniff(c.b); got != c.want {
				t.Fatalf("sniff = %v, want %v", got, c.want)
			}
		})
	}
}

func TestDimensions(t *testing.T) {
	cases := []struct {
		name string
		f    *mediaFormat
		b    []byte
		w, h int
		ok   bool
	}{
		{"png", fmtPNG, pngOf(t, 300, 20), 300, 20, true},
		{"jpeg", fmtJPEG, jpegOf(t, 17, 2001), 17, 2001, true},
		{"gif", fmtGIF, gifOf(t, 640, 3), 640, 3, true},
		{"webp vp8", fmtWebP, webp("VP8 ", 1000, 900), 1000, 900, true},
		{"webp vp8l", fmtWebP, webp("VP8L", 16383, 5), 16383, 5, true},
		{"webp vp8x", fmtWebP, webp("VP8X", 9000, 12), 9000, 12, true},
		{"bmp top-down", fmtBMP, bmpOf(33, 44), 33, 44, true},
		{"truncated png", fmtPNG, pngOf(t, 3, 3)[:20], 0, 0, false},
		{"truncated jpeg", fmtJPEG, jpegOf(t, 3, 3)[:30], 0, 0, false},
		{"svg", fmtSVG, []byte("<svg/>"), 0, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, h, ok := dimensions(c.f, c.b)
			if w != c.w || h != c.h || ok != c.ok {
				t.Fatalf("dimensions = %d, %d, %v; want %d, %d, %v", w, h, ok, c.w, c.h, c.ok)
			}
		})
	}
}

// block is a result with one media block.
func block(typ string, data []byte, mimeType string) string {
	return `{"content":[{"type":"text","text":"x"},{"type":"` + typ + `","data":"` + base64.StdEncoding.EncodeToString(data) + `","mimeType":"` + mimeType + `"}],"isError":false}`
}

func TestMediaFindings(t *testing.T) {
	const at = "/content/1/data"
	pngSmall := pngOf(t, 10, 10)
	cases := []struct {
		name, res string
		want      map[Code]Severity // codes expected at /content/1/data; every other media code must be absent
		msg       string            // a part of the first expected finding's message
	}{
		{"png as jpeg", block("image", pngSmall, "image/jpeg"), map[Code]Severity{CodeMediaTypeMismatch: Error}, "is PNG but its mimeType says \"image/jpeg\""},
		{"jpeg as png", block("image", jpegOf(t, 4, 4), "image/png"), map[Code]Severity{CodeMediaTypeMismatch: Error}, "Image does not match the provided media type"},
		{"png as octet-stream", block("image", pngSmall, "application/octet-stream"),
			map[Code]Severity{CodeMediaTypeMismatch: Error, CodeImageFormatUnsupported: Warning}, ""},
		{"wav as mpeg", block("audio", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), "audio/mpeg"), map[Code]Severity{CodeMediaTypeMismatch: Error}, "is WAV"},
		{"unknown bytes as png", block("image", []byte("not an image at all"), "image/png"), map[Code]Severity{CodeMediaTypeUnknown: Warning}, "PNG"},
		{"no bytes", block("image", nil, "image/png"), map[Code]Severity{CodeMediaTypeUnknown: Warning}, "no bytes"},
		{"svg image", block("image", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "image/svg+xml"), map[Code]Severity{CodeImageFormatUnsupported: Warning}, "image/svg+xml"},
		{"image/jpg", block("image", jpegOf(t, 4, 4), "image/jpg"), map[Code]Severity{CodeImageFormatUnsupported: Warning}, "write image/jpeg"},
		{"too wide", block("image", pngOf(t, 8001, 1), "image/png"), map[Code]Severity{CodeImageTooLarge: Warning}, "8001×1 px, over Anthropic API's 8000"},
		{"downscaled", block("image", webp("VP8X", 1569, 10), "image/webp"), map[Code]Severity{CodeImageDownscaled: Info}, "1568"},

		{"png", block("image", pngSmall, "image/png"), nil, ""},
		{"png with parameters", block("image", pngSmall, "Image/PNG; foo=bar"), nil, ""},
		{"gif", block("image", gifOf(t, 1568, 1568), "image/gif"), nil, ""},
		{"mp3 as audio/mp3", block("audio", []byte("ID3\x04\x00\x00\x00"), "audio/mp3"), nil, ""},
		{"m4a as audio/aac", block("audio", ftyp("M4A ", "isom"), "audio/aac"), nil, ""},
		{"unknown bytes, unknown type", block("audio", []byte("some codec"), "audio/x-something"), nil, ""},
		{"not base64: validate's", `{"content":[{"type":"image","data":"%%%","mimeType":"image/png"}]}`, nil, ""},
	}
	mediaCodes := []Code{CodeMediaTypeMismatch, CodeMediaTypeUnknown, CodeImageFormatUnsupported, CodeImageTooLarge, CodeImageDownscaled}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := CheckToolCall(toolCall("2025-06-18", c.res))
			for _, code := range mediaCodes {
				sev, ok := c.want[code]
				if !ok {
					expect(t, fs, code, "-", Warning)
					continue
				}
				expect(t, fs, code, at, sev)
			}
			if c.msg != "" {
				found := false
				for _, f := range fs {
					found = found || f.Path == at && strings.Contains(f.Message, c.msg)
				}
				if !found {
					t.Fatalf("no finding says %q:%s", c.msg, dump(fs))
				}
			}
		})
	}
}

func TestMediaBlobs(t *testing.T) {
	png := base64.StdEncoding.EncodeToString(pngOf(t, 2, 2))
	t.Run("resource read", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18", URI: "file:///a.gif",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a.txt","text":"x"},{"uri":"file:///a.gif","mimeType":"image/gif","blob":"` + png + `"}]}`)})
		expect(t, fs, CodeMediaTypeMismatch, "/contents/1/blob", Error)
		expect(t, fs, CodeImageFormatUnsupported, "-", Warning) // not an image block
	})
	t.Run("embedded resource", func(t *testing.T) {
		fs := CheckToolCall(toolCall("2025-06-18", `{"content":[{"type":"resource","resource":{"uri":"file:///a","mimeType":"audio/ogg","blob":"`+png+`"}}]}`))
		expect(t, fs, CodeMediaTypeMismatch, "/content/0/resource/blob", Error)
	})
	t.Run("blob of another type", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a.bin","mimeType":"application/octet-stream","blob":"` + png + `"}]}`)})
		expect(t, fs, CodeMediaTypeMismatch, "-", Error)
	})
	t.Run("matching blob", func(t *testing.T) {
		fs := CheckResourceRead(ResourceRead{Revision: "2025-06-18",
			Result: json.RawMessage(`{"contents":[{"uri":"file:///a.png","mimeType":"image/png","blob":"` + png + `"}]}`)})
		expect(t, fs, CodeMediaTypeMismatch, "-", Error)
		expect(t, fs, CodeMediaTypeUnknown, "-", Warning)
	})
}

// TestImageBytes: the byte limits, checked on the media alone (a result
// this large is also over validate's budget).
func TestImageBytes(t *testing.T) {
	head := pngOf(t, 2, 2)
	cases := []struct {
		name    string
		decoded int
		want    []string // the clients named
	}{
		{"small", 1000, nil},
		{"over 5 MB of base64", 4_000_000, []string{"Anthropic API"}},
		{"over 20 MB", 20_000_001, []string{"Anthropic API", "OpenAI API"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := make([]byte, c.decoded)
			copy(b, head)
			v := content.NewObject(content.Str("content", content.NewArray(content.NewObject(
				content.Str("type", content.NewString("image")),
				content.Str("data", content.NewString(base64.StdEncoding.EncodeToString(b))),
				content.Str("mimeType", content.NewString("image/png")),
			))))
			var f findings
			f.media(v, "tool")
			got := withCode(f, CodeImageTooLarge)
			if len(got) != len(c.want) {
				t.Fatalf("got %d image_too_large, want %d:%s", len(got), len(c.want), dump(f))
			}
			for i, client := range c.want {
				if got[i].Path != "/content/0/data" || got[i].Severity != Warning || !strings.Contains(got[i].Message, client) {
					t.Fatalf("finding %d does not name %s:%s", i, client, dump(f))
				}
			}
		})
	}
}

func TestClientLimits(t *testing.T) {
	if len(clientLimits) == 0 {
		t.Fatal("no limits")
	}
	for _, l := range clientLimits {
		if l.Client == "" || l.What == "" || l.Value <= 0 || l.Source == "" {
			t.Fatalf("incomplete limit %+v", l)
		}
	}
}

// TestTruncatedHeaders: every prefix of every header, read as every
// format, neither panics nor gives dimensions it cannot have read.
func TestTruncatedHeaders(t *testing.T) {
	samples := [][]byte{pngOf(t, 3, 3), jpegOf(t, 3, 3), gifOf(t, 3, 3), webp("VP8 ", 3, 3), webp("VP8L", 3, 3),
		webp("VP8X", 3, 3), bmpOf(3, 3), ftyp("avif"), []byte("\xff\xd8\xff\xe0\x00\x00\xff\xc0")}
	for _, s := range samples {
		for n := 0; n <= len(s); n++ {
			b := s[:n]
			sniff(b)
			for _, f := range mediaFormats {
				dimensions(f, b)
			}
			res := block("image", b, "image/bmp")
			CheckToolCall(toolCall("2025-06-18", res))
		}
	}
}
