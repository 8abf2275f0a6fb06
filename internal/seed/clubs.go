package seed

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tennisladder/ladder/internal/store"
)

type demoClub struct {
	name, district, municipality, address string
	surfaces, facilities                  []string
	status                                string // validated (default), pending, rejected
	reason                                string
}

// demoClubs are fictional clubs spread over the country (contacts use example domains).
var demoClubs = []demoClub{
	{name: "Clube de Ténis da Foz", district: "porto", municipality: "porto-porto", address: "Rua do Passeio Alegre 120, Porto", surfaces: []string{"clay", "hard"}, facilities: []string{"parking", "changing_rooms", "showers", "lighting", "cafe", "coaching"}},
	{name: "Gaia Racket Clube", district: "porto", municipality: "porto-vila-nova-de-gaia", address: "Avenida da República 1500, Vila Nova de Gaia", surfaces: []string{"hard"}, facilities: []string{"parking", "lighting", "padel"}},
	{name: "Matosinhos Ténis Atlântico", district: "porto", municipality: "porto-matosinhos", address: "Rua Brito Capelo 300, Matosinhos", surfaces: []string{"clay"}, facilities: []string{"changing_rooms", "showers", "coaching"}},
	{name: "Lisboa Racket Centre", district: "lisboa", municipality: "lisboa-lisboa", address: "Avenida de Ceuta 12, Lisboa", surfaces: []string{"hard", "indoor_hard"}, facilities: []string{"indoor_courts", "lighting", "pro_shop", "cafe", "accessible"}},
	{name: "Clube de Ténis de Cascais", district: "lisboa", municipality: "lisboa-cascais", address: "Avenida Marginal 7000, Cascais", surfaces: []string{"clay"}, facilities: []string{"parking", "changing_rooms", "showers", "cafe", "coaching"}},
	{name: "Sintra Ténis Serra", district: "lisboa", municipality: "lisboa-sintra", address: "Estrada de Monserrate 5, Sintra", surfaces: []string{"artificial_grass"}, facilities: []string{"parking", "lighting"}},
	{name: "Oeiras Tennis Academy", district: "lisboa", municipality: "lisboa-oeiras", address: "Rua do Jamor 2, Oeiras", surfaces: []string{"hard", "clay"}, facilities: []string{"coaching", "changing_rooms", "showers", "lighting", "pro_shop"}},
	{name: "Braga Ténis Clube", district: "braga", municipality: "braga-braga", address: "Rua do Raio 45, Braga", surfaces: []string{"clay", "hard"}, facilities: []string{"parking", "changing_rooms", "lighting", "coaching"}},
	{name: "Guimarães Ténis", district: "braga", municipality: "braga-guimaraes", address: "Alameda Dr. Alfredo Pimenta 20, Guimarães", surfaces: []string{"hard"}, facilities: []string{"lighting", "cafe"}},
	{name: "Académica Ténis Coimbra", district: "coimbra", municipality: "coimbra-coimbra", address: "Rua Pedro Nunes 8, Coimbra", surfaces: []string{"clay", "hard"}, facilities: []string{"changing_rooms", "showers", "coaching", "accessible"}},
	{name: "Figueira Ténis Praia", district: "coimbra", municipality: "coimbra-figueira-da-foz", address: "Avenida 25 de Abril 90, Figueira da Foz", surfaces: []string{"artificial_grass", "hard"}, facilities: []string{"parking", "cafe"}},
	{name: "Aveiro Ténis Ria", district: "aveiro", municipality: "aveiro-aveiro", address: "Cais da Fonte Nova 3, Aveiro", surfaces: []string{"hard"}, facilities: []string{"parking", "lighting", "changing_rooms"}},
	{name: "Loulé Tennis Club", district: "faro", municipality: "faro-loule", address: "Estrada de Vilamoura 14, Loulé", surfaces: []string{"clay", "hard", "grass"}, facilities: []string{"parking", "changing_rooms", "showers", "lighting", "cafe", "pro_shop", "coaching"}},
	{name: "Lagos Ténis Ocean", district: "faro", municipality: "faro-lagos", address: "Rua da Meia Praia 7, Lagos", surfaces: []string{"clay"}, facilities: []string{"lighting", "cafe"}},
	{name: "Évora Ténis Clube", district: "evora", municipality: "evora-evora", address: "Rua do Raimundo 33, Évora", surfaces: []string{"hard"}, facilities: []string{"changing_rooms", "lighting"}},
	{name: "Setúbal Ténis Sado", district: "setubal", municipality: "setubal-setubal", address: "Avenida Luísa Todi 400, Setúbal", surfaces: []string{"clay", "hard"}, facilities: []string{"parking", "showers"}},
	{name: "Almada Ténis Tejo", district: "setubal", municipality: "setubal-almada", address: "Rua Capitão Leitão 60, Almada", surfaces: []string{"hard"}, facilities: []string{"lighting", "padel"}},
	{name: "Viseu Ténis Dão", district: "viseu", municipality: "viseu-viseu", address: "Avenida da Europa 25, Viseu", surfaces: []string{"clay"}, facilities: []string{"parking", "changing_rooms", "coaching"}},
	{name: "Leiria Ténis Lis", district: "leiria", municipality: "leiria-leiria", address: "Rua de Tomar 18, Leiria", surfaces: []string{"hard", "carpet"}, facilities: []string{"indoor_courts", "lighting"}},
	{name: "Funchal Ténis Madeira", district: "madeira", municipality: "madeira-funchal", address: "Estrada Monumental 180, Funchal", surfaces: []string{"hard"}, facilities: []string{"parking", "changing_rooms", "showers", "cafe"}},
	{name: "Ponta Delgada Ténis", district: "acores", municipality: "acores-ponta-delgada", address: "Avenida Infante D. Henrique 10, Ponta Delgada", surfaces: []string{"hard"}, facilities: []string{"lighting"}},
	{name: "Viana Ténis Lima", district: "viana-do-castelo", municipality: "viana-do-castelo-viana-do-castelo", address: "Rua da Bandeira 70, Viana do Castelo", surfaces: []string{"clay"}, facilities: []string{"parking", "coaching"}},
	// Waiting for a super admin, and one refused.
	{name: "Ténis Clube de Bragança", district: "braganca", municipality: "braganca-braganca", address: "Avenida Sá Carneiro 5, Bragança", surfaces: []string{"hard"}, status: "pending"},
	{name: "Tomar Ténis Nabão", district: "santarem", municipality: "santarem-tomar", address: "Rua Serpa Pinto 30, Tomar", surfaces: []string{"clay"}, facilities: []string{"parking"}, status: "pending"},
	{name: "Clube Teste Duplicado", district: "porto", municipality: "porto-porto", status: "rejected", reason: "Já existe: é o Clube de Ténis da Foz."},
}

// seedClubs writes the demo clubs; members are the demo accounts near each club.
func seedClubs(ctx context.Context, db *store.DB, tx *store.Tx, users []store.User, now time.Time) (int, error) {
	byDistrict := map[string][]store.User{}
	for _, u := range users {
		byDistrict[u.District] = append(byDistrict[u.District], u)
	}
	var root, creator int64
	for _, u := range users {
		switch u.Email {
		case "root@ladder.test":
			root = u.ID
		case "player@ladder.test":
			creator = u.ID
		}
	}
	for i, dc := range demoClubs {
		surfaces, _ := json.Marshal(dc.surfaces)
		facilities, _ := json.Marshal(append([]string{}, dc.facilities...))
		if dc.surfaces == nil {
			surfaces = []byte("[]")
		}
		status := dc.status
		if status == "" {
			status = "validated"
		}
		created := now.Add(-time.Duration(len(demoClubs)-i) * 36 * time.Hour)
		if status == "pending" {
			created = now.Add(-time.Duration(i-20) * 30 * time.Hour) // a day or two old: time remaining shows
		}
		c := store.Club{Name: dc.name, Address: dc.address, District: dc.district, Municipality: dc.municipality,
			Surfaces: string(surfaces), Facilities: string(facilities), Status: status, RejectReason: dc.reason,
			Phone: fmt.Sprintf("+3512%08d", 20000000+i*1371), Email: fmt.Sprintf("geral@clube%d.example.pt", i+1),
			Website: fmt.Sprintf("https://clube%d.example.pt", i+1), CreatorID: sql.NullInt64{Int64: creator, Valid: creator != 0},
			CreatedAt: created, ExpiresAt: created.Add(5 * 24 * time.Hour)}
		if status != "pending" {
			c.DecidedBy = sql.NullInt64{Int64: root, Valid: root != 0}
			c.DecidedAt = sql.NullTime{Time: created.Add(6 * time.Hour), Valid: true}
		}
		if err := db.InsertClub(ctx, tx, &c); err != nil {
			return 0, fmt.Errorf("club %s: %w", dc.name, err)
		}
		if creator != 0 {
			role := "member"
			if status != "validated" || i == 1 {
				role = "administrator"
			}
			if _, err := db.AddClubMember(ctx, tx, c.ID, creator, role); err != nil {
				return 0, err
			}
		}
		if status != "validated" {
			continue
		}
		for j, u := range byDistrict[dc.district] {
			role := "member"
			if j == 0 {
				role = "administrator"
			}
			if _, err := db.AddClubMember(ctx, tx, c.ID, u.ID, role); err != nil {
				return 0, err
			}
			if !u.ClubID.Valid {
				if err := db.SetUserClub(ctx, tx, u.ID, sql.NullInt64{Int64: c.ID, Valid: true}); err != nil {
					return 0, err
				}
				u.ClubID = sql.NullInt64{Int64: c.ID, Valid: true}
				byDistrict[dc.district][j] = u
			}
		}
	}
	return len(demoClubs), nil
}
