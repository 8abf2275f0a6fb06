-- +goose Up
-- A player's page version (00028) moves once per transaction, not once per row: readers see a
-- transaction's changes together at its commit, so a second bump of the same player tells them
-- nothing more. A result validation changed the same two players' rows a dozen times (standings,
-- head-to-heads, statistics, history, XP, achievements), each an upsert of player_versions run
-- from a row trigger (issue 16). The players bumped so far are kept in a setting local to the
-- transaction (undone with a subtransaction that rolls back, as the bump itself is), while the
-- list is short: a bulk update of a whole ladder bumps every row as before rather than search a
-- long list at every row.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION player_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    bumped TEXT := COALESCE(current_setting('ladder.versions_bumped', true), '');
BEGIN
    IF TG_OP <> 'INSERT' AND strpos(bumped, ',' || OLD.user_id || ',') = 0 THEN
        INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
        IF length(bumped) < 256 THEN
            -- An assignment, not PERFORM: a simple expression, evaluated without a query.
            bumped := set_config('ladder.versions_bumped', bumped || ',' || OLD.user_id || ',', true);
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id)
        AND strpos(bumped, ',' || NEW.user_id || ',') = 0 THEN
        INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
        IF length(bumped) < 256 THEN
            bumped := set_config('ladder.versions_bumped', bumped || ',' || NEW.user_id || ',', true);
        END IF;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION player_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO player_versions (user_id, version) VALUES (OLD.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
        INSERT INTO player_versions (user_id, version) VALUES (NEW.user_id, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = player_versions.version + 1;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
