package media

import (
	"bytes"
	"encoding/binary"
	"image"
)

// decodeCost estimates, from the header alone, the bytes that decoding the picture and making
// its small copy allocate at once. It follows what the decoders really allocate (Go's
// image/jpeg, image/png, image/gif and x/image/webp), rounding up where the header cannot tell:
//
//   - JPEG: every component plane at its sampling (1 byte a sample); a progressive JPEG also
//     keeps all its DCT coefficients (4 bytes a sample); Adobe/RGB pictures get an RGBA copy
//     (4 bytes a pixel), CMYK ones an RGBA and a CMYK copy (8).
//   - PNG: 1 (palette), 4 (8-bit colour or grey, which becomes NRGBA with a tRNS chunk) or 8
//     (16-bit) bytes a pixel; Adam7-interlaced pictures decode each pass apart, so twice that.
//   - GIF: only the first frame is decoded, 1 byte a pixel of the logical screen.
//   - WebP: lossy 1.5 bytes a pixel; lossless or extended (alpha) 8.
//
// plus the intermediate of the resize (an NRGBA as wide as the result and as tall as the source).
func decodeCost(format string, cfg image.Config, head []byte) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	px := w * h
	var cost int64
	switch format {
	case "jpeg":
		cost = jpegCost(head, w, h)
	case "png":
		bpp := int64(4)
		if len(head) >= 29 {
			depth, ct, interlace := head[24], head[25], head[28]
			switch {
			case ct == 3:
				bpp = 1
			case depth == 16:
				bpp = 8
			}
			if interlace == 1 {
				bpp *= 2
			}
		}
		cost = bpp * px
	case "gif":
		cost = px
	case "webp":
		cost = 8 * px
		if len(head) >= 16 && string(head[12:16]) == "VP8 " {
			cost = px * 3 / 2
		}
	default:
		cost = 20 * px
	}
	return cost + 4*min(w, PhotoSize)*h
}

// jpegCost reads the frame header (SOF) among the header bytes; see decodeCost.
func jpegCost(head []byte, w, h int64) int64 {
	f, ok := parseJPEG(head)
	if !ok || len(f.comps) == 0 {
		return 20 * w * h // cannot tell: the worst case (progressive CMYK)
	}
	hmax, vmax := int64(1), int64(1)
	for _, c := range f.comps {
		hmax, vmax = max(hmax, c.h), max(vmax, c.v)
	}
	mxx, myy := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
	var samples int64
	for _, c := range f.comps {
		samples += 64 * c.h * c.v * mxx * myy
	}
	cost := samples
	if f.progressive {
		cost += 4 * samples
	}
	switch {
	case len(f.comps) == 4:
		cost += 8 * w * h
	case len(f.comps) == 3 && (f.adobe || f.rgbIDs):
		cost += 4 * w * h
	}
	return cost
}

// jpegFrame is what a JPEG says before its first scan.
type jpegFrame struct {
	progressive bool
	comps       []struct{ h, v int64 }
	adobe       bool // an APP14 "Adobe" segment: the colour transform may need a copy
	rgbIDs      bool // components named R, G, B: Go converts to RGBA
	orientation int  // EXIF orientation, 0 when absent
}

// parseJPEG walks the segments of a JPEG up to its frame header.
func parseJPEG(b []byte) (jpegFrame, bool) {
	var f jpegFrame
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return f, false
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return f, false
		}
		m := b[i+1]
		if m == 0xFF { // fill byte
			i++
			continue
		}
		if m == 0x01 || (m >= 0xD0 && m <= 0xD8) { // markers without a length
			i += 2
			continue
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		if n < 2 || i+2+n > len(b) {
			return f, false
		}
		seg := b[i+4 : i+2+n]
		switch {
		case m == 0xE1 && f.orientation == 0 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			f.orientation = exifOrientation(seg[6:])
		case m == 0xEE && bytes.HasPrefix(seg, []byte("Adobe")):
			f.adobe = true
		case m == 0xC0 || m == 0xC1 || m == 0xC2:
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
				return f, false
			}
			f.progressive = m == 0xC2
			ids := ""
			for c := 0; c < int(seg[5]); c++ {
				ids += string(seg[6+3*c])
				hv := seg[7+3*c]
				f.comps = append(f.comps, struct{ h, v int64 }{max(1, int64(hv>>4)), max(1, int64(hv&15))})
			}
			f.rgbIDs = ids == "RGB"
			return f, true
		case m == 0xDA: // a scan before any frame
			return f, false
		}
		i += 2 + n
	}
	return f, false
}

// exifOrientation reads tag 0x0112 of IFD0 of a TIFF structure (the EXIF payload).
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	if bo.Uint16(t[2:]) != 42 {
		return 0
	}
	off := int64(bo.Uint32(t[4:]))
	if off < 8 || off+2 > int64(len(t)) {
		return 0
	}
	n := int64(bo.Uint16(t[off:]))
	for i := int64(0); i < n; i++ {
		e := off + 2 + 12*i
		if e+12 > int64(len(t)) {
			return 0
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if bo.Uint16(t[e+2:]) != 3 { // SHORT
			return 0
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 0
	}
	return 0
}
