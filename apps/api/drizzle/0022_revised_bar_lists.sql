CREATE TABLE "demand_order_revision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"drawing_index" varchar(16),
	"file_name" varchar(200),
	"changes" jsonb NOT NULL,
	"user_id" uuid,
	"user_name" varchar(64),
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demand_order_line" ADD COLUMN "superseded_revision" integer;--> statement-breakpoint
ALTER TABLE "demand_order" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bundle" ADD COLUMN "disposition" varchar(8);--> statement-breakpoint
ALTER TABLE "bundle" ADD COLUMN "disposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demand_order_revision" ADD CONSTRAINT "demand_order_revision_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_revision" ADD CONSTRAINT "demand_order_revision_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_revision" ADD CONSTRAINT "demand_order_revision_order_id_demand_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."demand_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_order_revision" ADD CONSTRAINT "demand_order_revision_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demand_order_revision_unique" ON "demand_order_revision" USING btree ("order_id","revision");--> statement-breakpoint
ALTER TABLE "bundle" ADD CONSTRAINT "bundle_disposition" CHECK ("bundle"."disposition" in ('reuse', 'offcut', 'scrap'));