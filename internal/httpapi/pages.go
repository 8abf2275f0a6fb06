package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"github.com/tennisladder/ladder/internal/policy"
)

// encodedOutput is a response body already encoded as JSON: huma writes a []byte body as it is.
// Its length goes in the header: without it net/http sends any body past 2 KB chunked, in
// several writes the client reassembles (a statistics page is ~8 KB).
type encodedOutput struct {
	ContentLength   int    `header:"Content-Length" hidden:"true"`
	ContentEncoding string `header:"Content-Encoding" hidden:"true"` // gzip for a kept or joined answer (gzipkept.go, gzipjoined.go)
	Body            []byte
}

// encodeJSON encodes v as huma's JSON format does (no HTML escaping, a final newline).
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.Bytes(), err
}

// encodedOp is op for a handler that answers with its body already encoded (a list page kept in
// memory with its encoding, issue 16: encoding 25 rows per request was half of the lists'
// handler time). The OpenAPI document describes the body as O's Body, exactly as op[I, O]
// would, so clients and the generated types do not change; the handler must answer with O's
// Body encoded by encodeJSON. O's header fields are documented too; the operation's middlewares
// must set them (see privateNoStore).
func encodedOp[I, O any](access policy.Access, o huma.Operation, h func(*Server, context.Context, *I) ([]byte, error)) Route {
	handler := func(s *Server, ctx context.Context, in *I) (*encodedOutput, error) {
		b, err := h(s, ctx, in)
		if err != nil {
			return nil, err
		}
		if gz := gzipTwin(ctx, b); gz != nil {
			return &encodedOutput{ContentLength: len(gz), ContentEncoding: "gzip", Body: gz}, nil
		}
		if gz := joinedGzip(ctx, b); gz != nil {
			return &encodedOutput{ContentLength: len(gz), ContentEncoding: "gzip", Body: gz}, nil
		}
		return &encodedOutput{ContentLength: len(b), Body: b}, nil
	}
	rt := op(access, o, handler)
	rt.register = func(s *Server) {
		ot := reflect.TypeFor[O]()
		f, ok := ot.FieldByName("Body")
		if !ok {
			panic("encodedOp: " + ot.Name() + " has no Body")
		}
		schema := huma.SchemaFromField(s.api.OpenAPI().Components.Schemas, f, ot.Name()+f.Name)
		o := o
		ok200 := &huma.Response{Description: http.StatusText(http.StatusOK),
			Content: map[string]*huma.MediaType{"application/json": {Schema: schema}}}
		// O's headers are documented as op would; the operation's middlewares set them.
		for i := range ot.NumField() {
			if h := ot.Field(i).Tag.Get("header"); h != "" {
				if ok200.Headers == nil {
					ok200.Headers = map[string]*huma.Param{}
				}
				ok200.Headers[h] = &huma.Header{Schema: huma.SchemaFromField(s.api.OpenAPI().Components.Schemas, ot.Field(i), "")}
			}
		}
		o.Responses = map[string]*huma.Response{"200": ok200}
		o.Middlewares = append(huma.Middlewares{func(ctx huma.Context, next func(huma.Context)) {
			ctx.SetHeader("Content-Type", "application/json") // errors set their own
			// The answer may be compressed (gzipkept.go): caches must key it by the encoding.
			ctx.SetHeader("Vary", "Accept-Encoding")
			if acceptsEncoding(ctx.Header("Accept-Encoding"), "gzip") {
				ctx = huma.WithContext(ctx, withGzip(ctx.Context()))
			}
			next(ctx)
		}}, o.Middlewares...)
		op(access, o, handler).register(s)
	}
	return rt
}

// privateNoStore is an operation middleware setting the Cache-Control that a reader-dependent
// encoded answer documents (an encodedOp's handler returns bytes only).
func privateNoStore(ctx huma.Context, next func(huma.Context)) {
	ctx.SetHeader("Cache-Control", "private, no-store")
	next(ctx)
}
