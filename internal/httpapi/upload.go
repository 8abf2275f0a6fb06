package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"github.com/tennisladder/ladder/internal/media"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
)

// Picture uploads are multipart bodies that we read ourselves, as a stream. huma's multipart
// support calls ParseMultipartForm, which writes every file over 8 KB to the temp folder and
// never removes it (the original, EXIF and GPS included). Here no byte reaches the disk: the one
// file part goes straight into the media pipeline, which keeps only the header in memory.

// photoUploadLimit caps the whole request: the picture plus the multipart envelope.
const photoUploadLimit = media.MaxUploadBytes + 1<<20

// limitPhotoUpload refuses a declared Content-Length over the limit before reading, and caps
// bodies of unknown length (chunked) while they are read.
func limitPhotoUpload(ctx huma.Context, next func(huma.Context)) {
	r, w := humago.Unwrap(ctx)
	if r.ContentLength > photoUploadLimit {
		writeProblem(w, r, tooLargeProblem(langOf(r.Context())))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, photoUploadLimit)
	next(ctx)
}

func tooLargeProblem(lang string) *Problem {
	return newProblem(lang, http.StatusRequestEntityTooLarge, media.ErrTooLarge.Error(), map[string]any{"max": "50 MB"})
}

// Upload, embedded in an operation's input, hands the handler the request body unparsed (huma
// reads no body for an input without Body or RawBody).
type Upload struct {
	body        *envelope
	contentType string
	mr          *multipart.Reader
	part        *multipart.Part // the picture's
	drained     bool
	tooLarge    bool
	rc          *http.ResponseController // sets the body's read deadline
}

// Resolve implements huma.Resolver: it keeps the body and its type for the handler.
func (u *Upload) Resolve(ctx huma.Context) []error {
	u.body = &envelope{r: ctx.BodyReader()}
	u.contentType = ctx.Header("Content-Type")
	if _, w := humago.Unwrap(ctx); w != nil {
		u.rc = http.NewResponseController(w)
	}
	return nil
}

// maxEnvelope bounds what the body may hold besides the picture (part headers, other fields,
// boundaries): Go's multipart reader accepts part headers of up to 10 MB each, held in memory.
const maxEnvelope = 64 << 10

var errEnvelope = errors.New("upload: multipart envelope too large")

// envelope counts the body's bytes; those not delivered as the picture may not exceed
// maxEnvelope (plus the multipart reader's read-ahead).
type envelope struct {
	r       io.Reader
	n, file int64
}

func (e *envelope) Read(p []byte) (int, error) {
	if e.n-e.file > maxEnvelope+8<<10 {
		return 0, errEnvelope
	}
	n, err := e.r.Read(p)
	e.n += int64(n)
	return n, err
}

// file finds the file part named field and returns it as a stream. Reading it to its end also
// reads the rest of the body, so a body over the limit fails that read (too large) before the
// service saves anything.
func (u *Upload) file(ctx context.Context, field string) (io.Reader, error) {
	lang := langOf(ctx)
	mt, params, err := mime.ParseMediaType(u.contentType)
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, newProblem(lang, http.StatusUnsupportedMediaType, "", nil)
	}
	u.mr = multipart.NewReader(u.body, params["boundary"])
	for {
		p, err := u.mr.NextPart()
		if errors.Is(err, io.EOF) {
			p := newProblem(lang, http.StatusUnprocessableEntity, "validation.failed", nil)
			p.Errors = []FieldProblem{{Location: "body." + field, Code: "validation.required", Message: messages.T(lang, "validation.required", nil)}}
			return nil, p
		}
		if err != nil {
			if u.overLimit(err) {
				return nil, tooLargeProblem(lang)
			}
			return nil, newProblem(lang, http.StatusBadRequest, "", nil) // malformed, or errEnvelope
		}
		if p.FormName() == field {
			u.part = p
			return &filePart{u: u, p: p}, nil
		}
		if _, err := io.Copy(io.Discard, p); err != nil {
			if u.overLimit(err) {
				return nil, tooLargeProblem(lang)
			}
			return nil, newProblem(lang, http.StatusBadRequest, "", nil)
		}
	}
}

// refused answers a failed upload. The rest of the body is read first (so the client gets the
// answer rather than a reset connection); a picture refusal of a body that turns out to be over
// the limit is answered 413.
func (s *Server) refused(ctx context.Context, u *Upload, err error) error {
	u.drain()
	if e, ok := service.AsError(err); ok && e.Kind == service.KindInvalid && u.tooLarge {
		return tooLargeProblem(langOf(ctx))
	}
	return s.problemFrom(ctx, err)
}

// drain reads the remaining parts and the epilogue (bounded by the body limit).
func (u *Upload) drain() error {
	if u.drained || u.mr == nil {
		return nil
	}
	u.drained = true
	if u.part != nil { // the rest of a refused picture still counts as picture
		if _, err := io.Copy(io.Discard, &filePart{u: u, p: u.part}); err != nil {
			u.overLimit(err)
			return err
		}
	}
	for {
		p, err := u.mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err == nil {
			_, err = io.Copy(io.Discard, p)
		}
		if err != nil {
			u.overLimit(err)
			return err
		}
	}
	if _, err := io.Copy(io.Discard, u.body); err != nil {
		u.overLimit(err)
		return err
	}
	return nil
}

func (u *Upload) overLimit(err error) bool {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		u.tooLarge = true
	}
	return u.tooLarge
}

// SetReadDeadline bounds the rest of the body (media.ProcessPhoto sets it once the picture's
// decode holds its share of the budget, so that a trickling client loses it within seconds).
func (f *filePart) SetReadDeadline(t time.Time) error {
	if f.u.rc == nil {
		return http.ErrNotSupported
	}
	return f.u.rc.SetReadDeadline(t)
}

// filePart is the picture's part; at its end it drains the body and reports a failure there.
type filePart struct {
	u *Upload
	p *multipart.Part
}

func (f *filePart) Read(b []byte) (int, error) {
	n, err := f.p.Read(b)
	f.u.body.file += int64(n)
	if errors.Is(err, io.EOF) {
		if derr := f.u.drain(); derr != nil {
			return n, derr
		}
	} else if err != nil {
		f.u.overLimit(err)
	}
	return n, err
}

// uploadOp registers a picture upload: an operation whose input embeds Upload, documented
// with a multipart body of one required file field. Its handler has no deadline while the body
// arrives (minutes on a slow link): each database step of the service gets its own (see
// service.WithStepDeadlines), and what the handler does after the service call gets one too.
func uploadOp[I, O any](access policy.Access, o huma.Operation, field string, h func(*Server, context.Context, *I) (*O, error)) Route {
	o.Middlewares = append(o.Middlewares, limitPhotoUpload)
	o.Errors = append(o.Errors, http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType,
		http.StatusUnprocessableEntity, http.StatusServiceUnavailable)
	r := register(access, o, func(s *Server, ctx context.Context, in *I) (*O, error) {
		if s.cfg.RequestTimeout > 0 {
			ctx = service.WithStepDeadlines(ctx, s.cfg.RequestTimeout)
		}
		return h(s, ctx, in)
	})
	reg := r.register
	r.register = func(s *Server) {
		reg(s)
		s.api.OpenAPI().Paths[o.Path].Post.RequestBody = &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{
			"multipart/form-data": {
				Schema: &huma.Schema{Type: "object", Required: []string{field}, Properties: map[string]*huma.Schema{
					field: {Type: "string", Format: "binary", ContentEncoding: "binary",
						Description: "The picture: JPEG, PNG, GIF or WebP, up to 50 MB"},
				}},
				Encoding: map[string]*huma.Encoding{field: {ContentType: "image/jpeg, image/png, image/gif, image/webp"}},
			},
		}}
	}
	return r
}
