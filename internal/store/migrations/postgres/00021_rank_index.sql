-- +goose Up
-- A validated result places its two players without reading the whole standings (issue 16): it
-- counts the players ranked above each of them (points, then wins, seed, id) and reads the
-- winners among the players level on points. Both are ranges of this index, which holds only
-- the players in the standings.
CREATE INDEX tournament_players_rank_idx ON tournament_players (tournament_id, points, wins, seed, user_id)
	WHERE role = 'player' AND status <> 'requested';

-- +goose Down
DROP INDEX tournament_players_rank_idx;
