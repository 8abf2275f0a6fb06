-- +goose Up
-- Phones in one international format (E.164, issue 15; DECISIONS "Phones"). Earlier saves kept
-- a Portuguese number typed without its country code as "912345678"; it becomes "+351912345678",
-- and "351912345678" becomes "+351912345678". Anything else was already international ("+…",
-- "00" turned into "+" on input) or is a Signal/Telegram username, and is left as it is.
UPDATE users SET phone = '+351' || phone WHERE phone GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET phone = '+' || phone WHERE phone GLOB '351[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET whatsapp = '+351' || whatsapp WHERE whatsapp GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET whatsapp = '+' || whatsapp WHERE whatsapp GLOB '351[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET signal = '+351' || signal WHERE signal GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET signal = '+' || signal WHERE signal GLOB '351[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET telegram = '+351' || telegram WHERE telegram GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE users SET telegram = '+' || telegram WHERE telegram GLOB '351[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE clubs SET phone = '+351' || phone WHERE phone GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';
UPDATE clubs SET phone = '+' || phone WHERE phone GLOB '351[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]';

-- +goose Down
-- The old form is not restored: the normalised numbers are what the application writes now.
SELECT 1;
