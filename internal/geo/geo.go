// Package geo exposes Portugal's administrative divisions as used in
// addresses: the 18 mainland districts and the 2 autonomous regions
// (Açores, Madeira), each with its municipalities (concelhos).
//
// The data lives in portugal.json, embedded at build time and parsed once.
// Codes are lowercase ASCII slugs; municipality codes are prefixed with their
// district code ("faro-lagoa", "acores-lagoa") so they are globally unique.
package geo

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strings"
	"sync"
)

// Kinds of top-level division.
const (
	KindDistrict         = "district"
	KindAutonomousRegion = "autonomous_region"
)

// Municipality is a concelho. Its name is a Portuguese proper name and is the
// same in every language.
type Municipality struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// District is a mainland district or an autonomous region (see Kind).
// Name is keyed by language ("pt", "en").
type District struct {
	Code           string            `json:"code"`
	Name           map[string]string `json:"name"`
	Kind           string            `json:"kind"`
	Municipalities []Municipality    `json:"municipalities"`
}

//go:embed portugal.json
var portugalJSON []byte

type dataset struct {
	districts    []District
	byCode       map[string]int    // district code -> index in districts
	municipality map[string][2]int // municipality code -> district, municipality index
}

var load = sync.OnceValue(func() *dataset {
	var raw struct {
		Districts []District `json:"districts"`
	}
	if err := json.Unmarshal(portugalJSON, &raw); err != nil {
		panic("geo: invalid embedded portugal.json: " + err.Error())
	}
	ds := &dataset{
		districts:    raw.Districts,
		byCode:       make(map[string]int, len(raw.Districts)),
		municipality: make(map[string][2]int),
	}
	for i, d := range raw.Districts {
		ds.byCode[d.Code] = i
		for j, m := range d.Municipalities {
			ds.municipality[m.Code] = [2]int{i, j}
		}
	}
	return ds
})

// Districts returns all divisions: districts sorted by Portuguese name, then
// the two autonomous regions. The returned slice is a copy, but the District
// values share their Name maps and Municipalities slices with the package;
// callers must not modify them.
func Districts() []District {
	return slices.Clone(load().districts)
}

// DistrictByCode returns the district or autonomous region with the given code.
func DistrictByCode(code string) (District, bool) {
	ds := load()
	i, ok := ds.byCode[code]
	if !ok {
		return District{}, false
	}
	return ds.districts[i], true
}

// MunicipalityByCode returns the municipality with the given code and the
// district (or autonomous region) it belongs to.
func MunicipalityByCode(code string) (Municipality, District, bool) {
	ds := load()
	idx, ok := ds.municipality[code]
	if !ok {
		return Municipality{}, District{}, false
	}
	d := ds.districts[idx[0]]
	return d.Municipalities[idx[1]], d, true
}

// ValidPair reports whether municipalityCode belongs to districtCode.
// Both empty is valid (location unset); exactly one empty is invalid.
func ValidPair(districtCode, municipalityCode string) bool {
	if districtCode == "" && municipalityCode == "" {
		return true
	}
	if districtCode == "" || municipalityCode == "" {
		return false
	}
	_, d, ok := MunicipalityByCode(municipalityCode)
	return ok && d.Code == districtCode && strings.HasPrefix(municipalityCode, districtCode+"-")
}
