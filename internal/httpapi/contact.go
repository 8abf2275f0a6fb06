package httpapi

import (
	"context"
	"math"

	"github.com/tennisladder/ladder/internal/service"
)

type contactInput struct {
	Body struct {
		Name    string `json:"name" minLength:"1" maxLength:"120" doc:"Sender's name" example:"Ana Silva"`
		Email   string `json:"email" format:"email" minLength:"1" maxLength:"254" doc:"Where to answer" example:"ana@example.pt"`
		Subject string `json:"subject" minLength:"1" maxLength:"200" doc:"Subject" example:"Dúvida sobre desafios"`
		Message string `json:"message" minLength:"1" maxLength:"5000" doc:"The message" example:"Como proponho horários?"`
		Type    string `json:"type" enum:"contact,support" doc:"contact (to the developers) or support (technical support)"`
	}
}

type contactOutput struct {
	Body struct {
		ID int64 `json:"id" doc:"Id of the stored message"`
	}
}

func (s *Server) sendContact(ctx context.Context, in *contactInput) (*contactOutput, error) {
	ip := clientIPFrom(ctx)
	if ok, wait := s.contactLimiter.allow(ip); !ok {
		minutes := int(math.Ceil(wait.Minutes()))
		return nil, s.problemFrom(ctx, &service.Error{Kind: service.KindRateLimited, Code: "contact.rate_limited",
			Params: map[string]any{"minutes": minutes}, RetryAfterSeconds: int(math.Ceil(wait.Seconds()))})
	}
	m, err := s.svc.SendContact(ctx, service.ContactInput{
		Name: in.Body.Name, Email: in.Body.Email, Subject: in.Body.Subject, Message: in.Body.Message,
		Type: in.Body.Type, ClientIP: ip, Language: langOf(ctx),
	})
	if err != nil {
		return nil, s.problemFrom(ctx, err)
	}
	out := &contactOutput{}
	out.Body.ID = m.ID
	return out, nil
}
