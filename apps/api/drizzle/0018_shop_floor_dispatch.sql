CREATE TABLE "operator_machine" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
ALTER TABLE "product_settings" ADD COLUMN "dispatch_mode" varchar(32) DEFAULT 'onRelease' NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "concurrent_tasks" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_machine" ADD CONSTRAINT "operator_machine_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_machine" ADD CONSTRAINT "operator_machine_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_machine" ADD CONSTRAINT "operator_machine_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_machine" ADD CONSTRAINT "operator_machine_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_machine_user_product_unique" ON "operator_machine" USING btree ("user_id","product_id");