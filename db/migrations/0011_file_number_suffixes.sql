-- The escrow search finds a file number by any part of it. A trigram index read more of itself as
-- a firm grew (its numbers share trigrams such as "bw ", " 00" and "002"), so the file number is
-- now indexed by its suffixes: a part of it is the start of one of them, which a GIN prefix match
-- on a tsvector finds from the matching entries alone (issue 13, decision 038). Each suffix is
-- cut at 100 characters, the longest search term (appointments.schemas.ts), so a lexeme stays
-- far under PostgreSQL's limit whatever a stored number's length. IMMUTABLE: lower() and the
-- lexemes depend only on the text; every name is pg_catalog's, so the index is rebuilt the same
-- under any search_path.
CREATE FUNCTION search_suffixes(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array(SELECT substr(lower(value), i, 100) FROM generate_series(1, length(value)) AS i)) $$;--> statement-breakpoint
DROP INDEX "appointments_file_number_trgm_idx";--> statement-breakpoint
CREATE INDEX "appointments_file_number_suffix_idx" ON "appointments" USING gin (search_suffixes("file_number"));
