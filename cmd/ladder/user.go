package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/tennisladder/ladder/internal/config"
	"github.com/tennisladder/ladder/internal/policy"
	"github.com/tennisladder/ladder/internal/service"
)

const userUsage = `ladder user ACTION EMAIL [ROLE] [--as EMAIL] [flags]

  promote EMAIL admin|superadmin   give the account a role
  demote EMAIL                     make the account a player
  suspend EMAIL                    suspend the account (ends its sessions)
  reactivate EMAIL                 reactivate a suspended or paused account
  unlink EMAIL                     remove the link to the sign-in account (ends its sessions);
                                   the next sign-in links it again by verified email — for
                                   when the issuer URL or the identity provider changed

The same rules as in the app apply. By default the command acts as the main super admin (the
operator owns the machine); --as EMAIL acts with that account's rights instead.
`

// splitUserArgs takes the positional words and --as out of args; the rest are config flags.
func splitUserArgs(args []string) (words []string, as string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--as" || a == "-as":
			if i+1 >= len(args) {
				return nil, "", nil, errors.New("--as needs an email")
			}
			as = args[i+1]
			i++
		case strings.HasPrefix(a, "--as="):
			as = strings.TrimPrefix(a, "--as=")
		case strings.HasPrefix(a, "-"):
			rest = append(rest, a)
			if !strings.Contains(a, "=") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && a != "-dev" && a != "--dev" && a != "-trust-proxy" {
				rest = append(rest, args[i+1])
				i++
			}
		default:
			words = append(words, a)
		}
	}
	return words, as, rest, nil
}

func userCommand(ctx context.Context, cfg config.Config, log *slog.Logger, stdout io.Writer, words []string, as string) error {
	if len(words) < 2 {
		fmt.Fprint(stdout, userUsage)
		return errors.New("user: say an action and an email")
	}
	action, email := words[0], words[1]
	db, err := openAndMigrate(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := service.New(db, service.Options{Log: log, RootEmail: cfg.RootEmail})
	actor := policy.Actor{UserID: -1, Role: policy.SuperAdmin, Root: true} // the operator
	if as != "" {
		u, err := svc.UserByEmail(ctx, as)
		if err != nil {
			return fmt.Errorf("--as %s: no such account", as)
		}
		actor = svc.ActorFor(u)
	}
	target, err := svc.UserByEmail(ctx, email)
	if err != nil {
		return fmt.Errorf("%s: no such account (it is created at its first sign-in)", email)
	}
	switch action {
	case "promote":
		if len(words) < 3 {
			return errors.New("promote: say the role (admin or superadmin)")
		}
		_, err = svc.ChangeRole(ctx, actor, target.ID, policy.Role(words[2]))
	case "demote":
		_, err = svc.ChangeRole(ctx, actor, target.ID, policy.Player)
	case "suspend":
		_, err = svc.ChangeStatus(ctx, actor, target.ID, policy.Suspended)
	case "reactivate":
		_, err = svc.ChangeStatus(ctx, actor, target.ID, policy.Active)
	case "unlink":
		var was bool
		if was, err = svc.UnlinkIdentity(ctx, actor, target.ID); err == nil && !was {
			fmt.Fprintf(stdout, "%s: was not linked\n", email)
			return nil
		}
	default:
		fmt.Fprint(stdout, userUsage)
		return fmt.Errorf("user: unknown action %q", action)
	}
	if e, ok := service.AsError(err); ok {
		return fmt.Errorf("refused: %s", refusalText(e))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: done\n", email)
	return nil
}

// refusalText explains a refusal to the operator in plain English.
func refusalText(e *service.Error) string {
	texts := map[string]string{
		policy.CodeProtectedAccount:   "the main super admin is protected; its role and status cannot change",
		policy.CodeOnlyRootSuperAdmin: "only the main super admin creates, alters or removes super admins",
		policy.CodeAdminOnlyPlayer:    "admins can only change accounts to player",
		policy.CodeAdminNotOnAdmins:   "admins cannot alter other admins or super admins",
		policy.CodeNotYourself:        "you cannot change your own account",
		policy.CodeStatusProtected:    "the main super admin is protected; it cannot be suspended or paused",
		policy.CodeStatusNotYourself:  "you cannot change your own account's status",
		policy.CodeForbidden:          "this account has no right to do that",
		"http.conflict":               "the account changed meanwhile; try again",
	}
	if t, ok := texts[e.Code]; ok {
		return t
	}
	if len(e.Fields) > 0 {
		return e.Fields[0].Field + ": " + e.Fields[0].Code
	}
	return e.Code
}
