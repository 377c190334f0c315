ALTER TABLE "inspection_types" ADD COLUMN "name_en" varchar(128);--> statement-breakpoint
ALTER TABLE "inspection_types" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "part_types" ADD COLUMN "name_en" varchar(128);--> statement-breakpoint
ALTER TABLE "part_types" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "name_en" varchar(128);--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "rebar_materials" ADD COLUMN "name_en" varchar(128);--> statement-breakpoint
ALTER TABLE "rebar_materials" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "techniques" ADD COLUMN "name_en" varchar(128);--> statement-breakpoint
ALTER TABLE "techniques" ADD COLUMN "name_fr" varchar(128);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_client_id_idx" ON "users" USING btree ("client_id");