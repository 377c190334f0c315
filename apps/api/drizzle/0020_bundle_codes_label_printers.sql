CREATE TABLE "label_printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"host" varchar(253) NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"dpi" varchar(32) DEFAULT '203' NOT NULL,
	"description" varchar(512),
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "label_printers" ADD CONSTRAINT "label_printers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_printers" ADD CONSTRAINT "label_printers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_printers_product_id_code_key" ON "label_printers" USING btree ("product_id","code");--> statement-breakpoint
-- Existing bundles get their code here: added empty, indexed (so each draw below is checked through the
-- index), drawn per bundle until free in its client, then required. The alphabet is Crockford's, as
-- newBundleCode draws it; random() is enough here, the code is not a secret (the scan id is).
ALTER TABLE "bundle" ADD COLUMN "code" varchar(12);--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_client_code_unique" ON "bundle" USING btree ("client_id","code");--> statement-breakpoint
DO $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  each_bundle record;
  symbols text;
  candidate text;
BEGIN
  FOR each_bundle IN SELECT "id", "client_id" FROM "bundle" WHERE "code" IS NULL LOOP
    LOOP
      symbols := '';
      FOR position IN 1..6 LOOP
        symbols := symbols || substr(alphabet, 1 + floor(random() * 32)::int, 1);
      END LOOP;
      candidate := 'B-' || substr(symbols, 1, 4) || '-' || substr(symbols, 5, 2);
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM "bundle" WHERE "client_id" = each_bundle."client_id" AND "code" = candidate
      );
    END LOOP;
    UPDATE "bundle" SET "code" = candidate WHERE "id" = each_bundle."id";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bundle" ALTER COLUMN "code" SET NOT NULL;