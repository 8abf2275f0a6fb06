// Package rating is the Glicko-2 skill rating, exactly as in Mark Glickman's "Example of the
// Glicko-2 system" (glicko.net/glicko/glicko2.pdf): pure functions, no storage. The platform
// plays one match per rating period (see Decay for the growth of the deviation between matches).
package rating

import (
	"math"
	"time"
)

// The system's constants (the paper's step 1 and its suggested τ).
const (
	Initial      = 1500.0 // rating of a new player
	InitialRD    = 350.0  // rating deviation of a new player, and its ceiling
	InitialSigma = 0.06   // volatility of a new player
	Tau          = 0.5    // constrains the change of volatility over time
	scale        = 173.7178
	epsilon      = 0.000001 // convergence tolerance of the volatility iteration (step 5)

	// ProvisionalRD: a rating with a deviation above this is provisional (the rating is still
	// uncertain: about 2×110 points either way at 95%). Lichess and others use the same mark.
	ProvisionalRD = 110.0

	// C is the Glicko-1 style inactivity constant, in rating points per √week: a settled
	// deviation of 50 grows back to the 350 of a newcomer after about two years (104 weeks)
	// without a validated match: √((350² − 50²) / 104) ≈ 34.
	C = 34.0
)

// Rating is a player's rating on the public (Glicko-1) scale.
type Rating struct{ R, RD, Sigma float64 }

// Result is one game of a rating period: the opponent's rating before the period and the score
// (1 win, 0 loss, 0.5 draw).
type Result struct {
	Opponent Rating
	Score    float64
}

// New is the rating of a player who never played.
func New() Rating { return Rating{R: Initial, RD: InitialRD, Sigma: InitialSigma} }

// Provisional reports whether the rating is still too uncertain to be taken at its word.
func (p Rating) Provisional() bool { return p.RD > ProvisionalRD }

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update rates p after one rating period with results (steps 2 to 8 of the paper). With no
// results only the deviation grows: φ' = √(φ² + σ²).
func Update(p Rating, results []Result) Rating {
	p = sane(p)
	mu, phi, sigma := (p.R-Initial)/scale, p.RD/scale, p.Sigma
	if len(results) == 0 {
		return sane(Rating{R: p.R, RD: math.Sqrt(phi*phi+sigma*sigma) * scale, Sigma: sigma})
	}
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	var vinv, sum float64
	for _, r := range results {
		o := sane(r.Opponent)
		muj, phij := (o.R-Initial)/scale, o.RD/scale
		gj, e := g(phij), expected(mu, muj, phij)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (clamp01(r.Score) - e)
	}
	v := 1 / vinv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	// Steps 6 to 8: the new deviation and rating, back on the public scale.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return sane(Rating{R: mu2*scale + Initial, RD: phi2 * scale, Sigma: sigma2})
}

// Decay grows p's deviation for the time since its last match: RD' = min(350, √(RD² + C²·w))
// with w the idle weeks (fractional). The platform applies it just before rating a match, so a
// player back after a long break is uncertain again and moves faster.
func Decay(p Rating, idle time.Duration) Rating {
	p = sane(p)
	if idle <= 0 {
		return p
	}
	w := idle.Hours() / (24 * 7)
	p.RD = math.Sqrt(p.RD*p.RD + C*C*w)
	return sane(p)
}

// WinProbability is the chance that a beats b (Glicko's expected score, with both deviations).
func WinProbability(a, b Rating) float64 {
	a, b = sane(a), sane(b)
	phi := math.Sqrt(a.RD*a.RD+b.RD*b.RD) / scale
	return expected((a.R-Initial)/scale, (b.R-Initial)/scale, phi)
}

// sane keeps a rating inside the system's bounds: a deviation in (0, 350], a positive volatility
// and finite numbers (a corrupt stored value must not spread through every opponent).
func sane(p Rating) Rating {
	if math.IsNaN(p.R) || math.IsInf(p.R, 0) {
		p.R = Initial
	}
	if math.IsNaN(p.RD) || math.IsInf(p.RD, 0) || p.RD > InitialRD {
		p.RD = InitialRD
	}
	if p.RD < 1 {
		p.RD = 1
	}
	if math.IsNaN(p.Sigma) || math.IsInf(p.Sigma, 0) || p.Sigma <= 0 {
		p.Sigma = InitialSigma
	}
	if p.Sigma > 1 {
		p.Sigma = 1
	}
	return p
}

func clamp01(x float64) float64 {
	if math.IsNaN(x) || x < 0 {
		return 0
	}
	return math.Min(x, 1)
}
