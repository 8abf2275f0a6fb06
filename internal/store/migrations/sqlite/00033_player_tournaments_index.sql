-- +goose Up
-- A player's tournaments by the (user_id, …) index alone: the page stamp of a player's
-- statistics and history (store.pageStampColumns) sums the versions of the player's
-- tournaments on every signed-in read of those pages, and without tournament_id in the index
-- each membership cost a seek into the table as well (issue 16).
DROP INDEX tournament_players_user_idx;
CREATE INDEX tournament_players_user_idx ON tournament_players (user_id, status, tournament_id);

-- +goose Down
DROP INDEX tournament_players_user_idx;
CREATE INDEX tournament_players_user_idx ON tournament_players (user_id, status);
