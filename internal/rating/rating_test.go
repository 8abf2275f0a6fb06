package rating

import (
	"math"
	"testing"
	"time"
)

// The worked example of Glickman's "Example of the Glicko-2 system", to its printed precision.
func TestPaperExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Sigma: 0.06}
	got := Update(p, []Result{
		{Opponent: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: 0},
	})
	// The paper rounds its intermediate values (v, Δ, φ*) to four decimals, so its printed
	// r' = 1464.06 is the exact 1464.0507 off by its last digit: compare each printed figure to
	// within one unit of its last printed digit, and the Glicko-2 scale values (μ' = −0.2069,
	// φ' = 0.8722) to their four printed decimals.
	if math.Abs(got.R-1464.06) > 0.01 {
		t.Errorf("r' = %.4f, want 1464.06", got.R)
	}
	if math.Abs(got.RD-151.52) > 0.01 {
		t.Errorf("RD' = %.4f, want 151.52", got.RD)
	}
	if math.Abs(got.Sigma-0.05999) > 0.00001 {
		t.Errorf("σ' = %.6f, want 0.05999", got.Sigma)
	}
	if mu := (got.R - 1500) / scale; math.Abs(mu-(-0.2069)) > 0.00005 {
		t.Errorf("μ' = %.5f, want −0.2069", mu)
	}
	if phi := got.RD / scale; math.Abs(phi-0.8722) > 0.00005 {
		t.Errorf("φ' = %.5f, want 0.8722", phi)
	}
}

func TestNoResultsGrowsDeviationOnly(t *testing.T) {
	p := Rating{R: 1600, RD: 50, Sigma: 0.06}
	got := Update(p, nil)
	want := math.Sqrt(math.Pow(50/scale, 2)+0.06*0.06) * scale
	if got.R != 1600 || got.Sigma != 0.06 || math.Abs(got.RD-want) > 1e-9 {
		t.Fatalf("got %+v, want RD %.4f", got, want)
	}
	if n := Update(New(), nil); n.RD != InitialRD {
		t.Fatalf("a newcomer's deviation passed 350: %+v", n)
	}
}

func TestDecay(t *testing.T) {
	p := Rating{R: 1600, RD: 50, Sigma: 0.06}
	if d := Decay(p, 0); d != p {
		t.Fatalf("no idle time changed the rating: %+v", d)
	}
	year := Decay(p, 52*7*24*time.Hour)
	if year.RD <= 50 || year.RD >= 350 || year.R != 1600 {
		t.Fatalf("a year idle: %+v", year)
	}
	if two := Decay(p, 104*7*24*time.Hour); math.Abs(two.RD-350) > 1 {
		t.Fatalf("two years idle should be back near 350: %+v", two)
	}
	if long := Decay(p, 1000*7*24*time.Hour); long.RD != 350 {
		t.Fatalf("deviation past 350: %+v", long)
	}
}

func TestWinProbability(t *testing.T) {
	a, b := Rating{R: 1700, RD: 60, Sigma: 0.06}, Rating{R: 1500, RD: 60, Sigma: 0.06}
	pa, pb := WinProbability(a, b), WinProbability(b, a)
	if pa <= 0.5 || math.Abs(pa+pb-1) > 1e-12 {
		t.Fatalf("P(a) = %v, P(b) = %v", pa, pb)
	}
	if e := WinProbability(New(), New()); e != 0.5 {
		t.Fatalf("equal players: %v", e)
	}
	// More uncertainty pulls the probability towards a coin toss.
	if u := WinProbability(Rating{R: 1700, RD: 300, Sigma: 0.06}, b); u >= pa {
		t.Fatalf("uncertain favourite %v not below %v", u, pa)
	}
}

func TestWinAndLossMoveBothWays(t *testing.T) {
	a, b := New(), New()
	w := Update(a, []Result{{Opponent: b, Score: 1}})
	l := Update(b, []Result{{Opponent: a, Score: 0}})
	if w.R <= 1500 || l.R >= 1500 || math.Abs((w.R-1500)+(l.R-1500)) > 1e-9 || w.RD >= 350 {
		t.Fatalf("winner %+v, loser %+v", w, l)
	}
	if !w.Provisional() || (Rating{R: 1500, RD: 80, Sigma: 0.06}).Provisional() {
		t.Fatal("provisional mark")
	}
}

func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 0.06, 1.0)
	f.Add(3000.0, 1.0, 0.0001, 100.0, 350.0, 0.9, 0.0)
	f.Add(-5000.0, 0.0, -1.0, 9000.0, 1e9, 5.0, 0.5)
	f.Fuzz(func(t *testing.T, r, rd, s, or, ord, os, score float64) {
		p := Update(Rating{r, rd, s}, []Result{{Opponent: Rating{or, ord, os}, Score: score}})
		check(t, p)
		check(t, Update(p, nil))
		check(t, Decay(p, time.Duration(math.Abs(score))*time.Hour*24*365))
		w := WinProbability(Rating{r, rd, s}, Rating{or, ord, os})
		if math.IsNaN(w) || w < 0 || w > 1 {
			t.Fatalf("probability %v", w)
		}
	})
}

func check(t *testing.T, p Rating) {
	t.Helper()
	for _, x := range []float64{p.R, p.RD, p.Sigma} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("not finite: %+v", p)
		}
	}
	if p.RD <= 0 || p.RD > 350 || p.Sigma <= 0 {
		t.Fatalf("out of bounds: %+v", p)
	}
}
