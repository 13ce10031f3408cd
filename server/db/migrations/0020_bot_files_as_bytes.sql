-- Bot files become their bytes. A workflow or a script was kept as its text: its bytes are that
-- text's UTF-8 encoding, which is what was uploaded (a leading byte-order mark included). A
-- package (.zip, .nupkg) was kept as base64: its bytes are the decoded base64.
ALTER TABLE "bots" ALTER COLUMN "file_content" SET DATA TYPE bytea USING (
	CASE WHEN lower("file_name") LIKE '%.zip' OR lower("file_name") LIKE '%.nupkg'
		THEN decode("file_content", 'base64')
		ELSE convert_to("file_content", 'UTF8') END
);--> statement-breakpoint
ALTER TABLE "bots" ALTER COLUMN "previous_file_content" SET DATA TYPE bytea USING (
	CASE WHEN lower("previous_file_name") LIKE '%.zip' OR lower("previous_file_name") LIKE '%.nupkg'
		THEN decode("previous_file_content", 'base64')
		ELSE convert_to("previous_file_content", 'UTF8') END
);--> statement-breakpoint
-- The checksum is of the bytes an agent downloads; rows written before checksums were kept, or
-- whose checksum was taken of a package's base64, get the right one.
UPDATE "bots" SET "file_checksum" = encode(sha256("file_content"), 'hex');
