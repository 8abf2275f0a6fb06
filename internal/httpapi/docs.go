package httpapi

import (
	"html/template"
	"net/http"
	"sort"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// docs renders the OpenAPI document as one self-contained HTML page. huma's default docs page
// loads its renderer from a CDN, which our Content-Security-Policy (and offline installs) forbid.
func (s *Server) docs(w http.ResponseWriter, r *http.Request) {
	oa := s.api.OpenAPI()
	type opView struct {
		Method, Path, Summary, Description, Request string
		Responses                                   []string
	}
	var ops []opView
	for p, item := range oa.Paths {
		for method, o := range map[string]*huma.Operation{"GET": item.Get, "POST": item.Post, "PUT": item.Put, "PATCH": item.Patch, "DELETE": item.Delete} {
			if o == nil {
				continue
			}
			v := opView{Method: method, Path: p, Summary: o.Summary, Description: o.Description}
			if o.RequestBody != nil {
				for _, mt := range o.RequestBody.Content {
					if mt.Schema != nil {
						v.Request = strings.TrimPrefix(mt.Schema.Ref, "#/components/schemas/")
					}
				}
			}
			for code, resp := range o.Responses {
				v.Responses = append(v.Responses, code+" "+resp.Description)
			}
			sort.Strings(v.Responses)
			ops = append(ops, v)
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].Path+ops[i].Method < ops[j].Path+ops[j].Method })

	type propView struct{ Name, Type, Doc, Constraints string }
	type schemaView struct {
		Name  string
		Props []propView
	}
	var schemas []schemaView
	for name, sc := range oa.Components.Schemas.Map() {
		v := schemaView{Name: name}
		for pn, ps := range sc.Properties {
			typ := ps.Type
			if ps.Ref != "" {
				typ = strings.TrimPrefix(ps.Ref, "#/components/schemas/")
			}
			if ps.Items != nil {
				typ += " of " + ps.Items.Type + strings.TrimPrefix(ps.Items.Ref, "#/components/schemas/")
			}
			var c []string
			for _, req := range sc.Required {
				if req == pn {
					c = append(c, "required")
				}
			}
			if ps.Format != "" {
				c = append(c, "format "+ps.Format)
			}
			if len(ps.Enum) > 0 {
				vals := make([]string, len(ps.Enum))
				for i, e := range ps.Enum {
					vals[i], _ = e.(string)
				}
				c = append(c, "one of "+strings.Join(vals, ", "))
			}
			v.Props = append(v.Props, propView{Name: pn, Type: typ, Doc: ps.Description, Constraints: strings.Join(c, "; ")})
		}
		sort.Slice(v.Props, func(i, j int) bool { return v.Props[i].Name < v.Props[j].Name })
		schemas = append(schemas, v)
	}
	sort.Slice(schemas, func(i, j int) bool { return schemas[i].Name < schemas[j].Name })

	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_ = docsPage.Execute(w, map[string]any{"Title": oa.Info.Title, "Version": oa.Info.Version,
		"Description": oa.Info.Description, "Ops": ops, "Schemas": schemas})
}

var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1f2937;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}code,th{background:#1f2937!important}}
h1{margin-bottom:0}.op{border:1px solid #9ca3af55;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.m{font-weight:700;font-family:monospace;padding:.1rem .4rem;border-radius:4px;background:#047857;color:#fff}
code{background:#f3f4f6;padding:.05rem .3rem;border-radius:4px}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #9ca3af55;vertical-align:top}th{background:#f3f4f6}
</style></head><body><main>
<h1>{{.Title}}</h1><p>Version {{.Version}} · <a href="/api/openapi.json">openapi.json</a> · <a href="/api/openapi.yaml">openapi.yaml</a></p>
<p>{{.Description}}</p>
<h2>Operations</h2>
{{range .Ops}}<section class="op"><h3><span class="m">{{.Method}}</span> <code>{{.Path}}</code></h3>
<p><strong>{{.Summary}}</strong>{{if .Description}} — {{.Description}}{{end}}</p>
{{if .Request}}<p>Request body: <a href="#schema-{{.Request}}">{{.Request}}</a></p>{{end}}
<p>Responses: {{range $i, $r := .Responses}}{{if $i}}, {{end}}<code>{{$r}}</code>{{end}}</p></section>
{{end}}
<h2>Schemas</h2>
{{range .Schemas}}<section class="op" id="schema-{{.Name}}"><h3>{{.Name}}</h3>
<table><thead><tr><th>Field</th><th>Type</th><th>Rules</th><th>Description</th></tr></thead><tbody>
{{range .Props}}<tr><td><code>{{.Name}}</code></td><td>{{.Type}}</td><td>{{.Constraints}}</td><td>{{.Doc}}</td></tr>{{end}}
</tbody></table></section>
{{end}}
</main></body></html>
`))
