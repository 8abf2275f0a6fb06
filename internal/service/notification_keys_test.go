package service

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Every notification title and message key the service can send, and every email text, exists in
// pt and en in notifications.json (the catalog Notify and the notification list read). The keys
// are read from this package's sources: string literals, keys built by concatenation ("clubs." +
// key + "_title"), variables assigned in the function, parameters filled by literal arguments at
// their call sites, and typed parameters (policy.Role) by every constant of their type. A key
// expression the test cannot enumerate fails the test, so a new way of building keys must be
// taught here rather than skipped.
func TestNotificationKeysExistInBothLanguages(t *testing.T) {
	k := newKeyFinder(t, ".", "../policy")
	keys := map[string][]string{} // key → where it is used
	for _, f := range k.files["."] {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); !ok || id.Name != "Note" {
					return true
				}
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if name := kv.Key.(*ast.Ident).Name; name == "TitleKey" || name == "MessageKey" {
						for _, key := range k.eval(kv.Value, k.enclosing(kv.Value), 0) {
							keys[key] = append(keys[key], k.pos(kv.Value))
						}
					}
				}
			case *ast.CallExpr:
				// texts.T(lang, "email.greeting", …): the fixed texts of every email.
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "T" || len(n.Args) < 2 {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "texts" {
					if lit, ok := n.Args[1].(*ast.BasicLit); ok {
						key, _ := strconv.Unquote(lit.Value)
						keys[key] = append(keys[key], k.pos(lit))
					}
				}
			}
			return true
		})
	}
	if len(keys) < 20 {
		t.Fatalf("found only %d keys; the source reading is broken: %v", len(keys), keys)
	}
	t.Logf("%d keys checked", len(keys))
	var missing []string
	for key, where := range keys {
		if !texts.Has(key) {
			missing = append(missing, fmt.Sprintf("%s (used at %s)", key, strings.Join(where, ", ")))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("notifications.json lacks %s in pt or en", m)
	}
}

type keyFinder struct {
	t     *testing.T
	fset  *token.FileSet
	files map[string][]*ast.File
	funcs map[string][]*ast.FuncDecl // by name, in this package
}

func newKeyFinder(t *testing.T, dirs ...string) *keyFinder {
	k := &keyFinder{t: t, fset: token.NewFileSet(), files: map[string][]*ast.File{}, funcs: map[string][]*ast.FuncDecl{}}
	for _, dir := range dirs {
		paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(k.fset, p, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			k.files[dir] = append(k.files[dir], f)
			if dir == "." {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok {
						k.funcs[fd.Name.Name] = append(k.funcs[fd.Name.Name], fd)
					}
				}
			}
		}
	}
	return k
}

func (k *keyFinder) pos(n ast.Node) string {
	p := k.fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// enclosing is the top-level function that contains n.
func (k *keyFinder) enclosing(n ast.Node) *ast.FuncDecl {
	for _, fds := range k.funcs {
		for _, fd := range fds {
			if fd.Pos() <= n.Pos() && n.End() <= fd.End() {
				return fd
			}
		}
	}
	return nil
}

// eval lists every string value e can have inside fn, or fails the test.
func (k *keyFinder) eval(e ast.Expr, fn *ast.FuncDecl, depth int) []string {
	if depth > 8 {
		k.t.Fatalf("%s: key expression too deep to enumerate", k.pos(e))
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, _ := strconv.Unquote(e.Value)
			return []string{s}
		}
	case *ast.ParenExpr:
		return k.eval(e.X, fn, depth+1)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			var out []string
			for _, a := range k.eval(e.X, fn, depth+1) {
				for _, b := range k.eval(e.Y, fn, depth+1) {
					out = append(out, a+b)
				}
			}
			return out
		}
	case *ast.IndexExpr:
		// map[string]string{"active": "player_reactivated", …}[status]: every value of the map.
		if lit, ok := e.X.(*ast.CompositeLit); ok {
			var out []string
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					out = append(out, k.eval(kv.Value, fn, depth+1)...)
				}
			}
			return out
		}
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "string" && len(e.Args) == 1 {
			return k.eval(e.Args[0], fn, depth+1)
		}
	case *ast.Ident:
		if fn == nil {
			break
		}
		if vals := k.assigned(e.Name, fn, depth); len(vals) > 0 {
			return vals
		}
		if vals, ok := k.param(e.Name, fn, depth); ok {
			return vals
		}
	}
	k.t.Fatalf("%s: cannot enumerate the key expression %T; teach TestNotificationKeysExistInBothLanguages", k.pos(e), e)
	return nil
}

// assigned lists the values given to the variable name anywhere in fn (x := …, x = …, var x = …).
func (k *keyFinder) assigned(name string, fn *ast.FuncDecl, depth int) []string {
	var out []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name && len(n.Rhs) == len(n.Lhs) {
					out = append(out, k.eval(n.Rhs[i], fn, depth+1)...)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name && i < len(n.Values) {
					out = append(out, k.eval(n.Values[i], fn, depth+1)...)
				}
			}
		}
		return true
	})
	return out
}

// param lists the values of fn's parameter name: every constant of its type when the type is a
// named one (policy.Role → player, admin, superadmin), else the arguments at every call of fn.
func (k *keyFinder) param(name string, fn *ast.FuncDecl, depth int) ([]string, bool) {
	index := 0
	for _, field := range fn.Type.Params.List {
		for _, id := range field.Names {
			if id.Name != name {
				index++
				continue
			}
			if typ := typeName(field.Type); typ != "string" {
				return k.constantsOf(typ), true
			}
			var out []string
			calls := 0
			for _, f := range k.files["."] {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || calleeName(call) != fn.Name.Name || len(call.Args) <= index {
						return true
					}
					calls++
					out = append(out, k.eval(call.Args[index], k.enclosing(call), depth+1)...)
					return true
				})
			}
			if calls == 0 {
				k.t.Fatalf("%s: no call of %s gives %s", k.pos(id), fn.Name.Name, name)
			}
			return out, true
		}
	}
	return nil, false
}

// constantsOf lists the values of every constant declared with type typ ("policy.Role" or "Role").
func (k *keyFinder) constantsOf(typ string) []string {
	want := typ[strings.LastIndex(typ, ".")+1:]
	var out []string
	for _, files := range k.files {
		for _, f := range files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				for _, s := range gd.Specs {
					vs := s.(*ast.ValueSpec)
					if vs.Type == nil || typeName(vs.Type) != want {
						continue
					}
					for _, v := range vs.Values {
						if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							s, _ := strconv.Unquote(lit.Value)
							out = append(out, s)
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		k.t.Fatalf("no constants of type %s", typ)
	}
	return out
}

func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeName(e.X) + "." + e.Sel.Name
	}
	return fmt.Sprintf("%T", e)
}

func calleeName(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}
