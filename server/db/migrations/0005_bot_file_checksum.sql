ALTER TABLE "bots" ADD COLUMN "file_checksum" text;--> statement-breakpoint
-- Bots made before the checksum was kept get theirs from their file's UTF-8 bytes.
UPDATE "bots" SET "file_checksum" = encode(sha256(convert_to("file_content", 'UTF8')), 'hex');