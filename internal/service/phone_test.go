package service_test

import (
	"testing"

	"github.com/tennisladder/ladder/internal/service"
)

// One international format (E.164) whatever the player typed (DECISIONS "Phones").
func TestNormalizePhone(t *testing.T) {
	cases := []struct{ in, want string }{
		{"912345678", "+351912345678"},
		{"912 345 678", "+351912345678"},
		{"21 234 5678", "+351212345678"},
		{"+351 912-345-678", "+351912345678"},
		{"00351912345678", "+351912345678"},
		{"351912345678", "+351912345678"},
		{"(+351) 912.345.678", "+351912345678"},
		{"+44 20 7946 0958", "+442079460958"},
		{"0044 7911 123456", "+447911123456"},
		{"+1 202 555 0123", "+12025550123"},
		{"2025550123", ""},        // no country code and not Portuguese
		{"91234567", ""},          // 8 digits: not a Portuguese number
		{"+35191234567", ""},      // a Portuguese number has 9 digits
		{"+3519123456789", ""},    // idem
		{"1234", ""},              // too short
		{"+1234567890123456", ""}, // more than 15 digits
		{"91234abcd", ""},
		{"+0 123 456 789", ""}, // no country code starts with 0
	}
	for _, c := range cases {
		got, ok := service.NormalizePhone(c.in)
		if ok != (c.want != "") || got != c.want {
			t.Errorf("NormalizePhone(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}
