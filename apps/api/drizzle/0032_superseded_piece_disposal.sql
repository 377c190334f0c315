CREATE TABLE "superseded_piece_disposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"pieces" integer NOT NULL,
	"weight_grams" bigint NOT NULL,
	"action" varchar(8) NOT NULL,
	"target_line_id" uuid,
	"user_id" uuid,
	"user_name" varchar(64),
	"disposed_at" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "superseded_piece_disposal_action" CHECK ("superseded_piece_disposal"."action" in ('reuse', 'offcut', 'scrap')),
	CONSTRAINT "superseded_piece_disposal_pieces" CHECK ("superseded_piece_disposal"."pieces" > 0)
);
--> statement-breakpoint
ALTER TABLE "superseded_piece_disposal" ADD CONSTRAINT "superseded_piece_disposal_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_piece_disposal" ADD CONSTRAINT "superseded_piece_disposal_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_piece_disposal" ADD CONSTRAINT "superseded_piece_disposal_order_line_id_demand_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_piece_disposal" ADD CONSTRAINT "superseded_piece_disposal_target_line_id_demand_order_line_id_fk" FOREIGN KEY ("target_line_id") REFERENCES "public"."demand_order_line"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superseded_piece_disposal" ADD CONSTRAINT "superseded_piece_disposal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "superseded_piece_disposal_line_length" ON "superseded_piece_disposal" USING btree ("order_line_id","length");