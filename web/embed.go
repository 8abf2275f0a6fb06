// Package web embeds the built React app (web/dist, produced by `npm run build`) and the
// translation files (web/public/locales), so the ladder binary serves everything by itself.
// Before the first build, dist holds only .gitkeep and the server answers with a short page
// that says how to build the app; go build and go test work either way.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

//go:embed public/locales
var locales embed.FS

// Dist is the built single-page app rooted at its index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}

// Locales holds {lng}/{namespace}.json translation files.
func Locales() fs.FS {
	sub, err := fs.Sub(locales, "public/locales")
	if err != nil {
		panic(err)
	}
	return sub
}
