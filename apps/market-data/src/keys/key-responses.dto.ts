import { ApiProperty } from '@nestjs/swagger';

const ISO_UTC = { type: 'string', format: 'date-time', example: '2026-01-01T12:00:00.000Z' } as const;

/** Key response (admin creation): the full secret, this once. */
export class KeyResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ description: 'The full API key. Shown only in this response: store it now.', example: 'mdk_3q2-7wEjX5bN8x0uLr9cQvH1kTzY4sAaPdMfGhJiKlO' })
  key!: string;
  @ApiProperty({ example: 'liquidation-bot' }) name!: string;
  @ApiProperty({ example: true }) is_active!: boolean;
  @ApiProperty(ISO_UTC) created_at!: string;
  @ApiProperty({ ...ISO_UTC, nullable: true, example: null }) last_used_at!: string | null;
}

/** Key info (listing): a preview, never the secret. */
export class KeyInfoDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'my-bot' }) name!: string;
  @ApiProperty({ description: 'First 8 and last 4 characters of the key', example: 'mdk_3q2-...KlO0' }) key_preview!: string;
  @ApiProperty({ example: true }) is_active!: boolean;
  @ApiProperty(ISO_UTC) created_at!: string;
  @ApiProperty({ ...ISO_UTC, nullable: true, example: null }) last_used_at!: string | null;
}

/** New key response (developer creation): the full secret, this once. */
export class NewKeyResponseDto {
  @ApiProperty({ example: 2 }) id!: number;
  @ApiProperty({ description: 'The full API key. Shown only in this response: store it now.', example: 'mdk_3q2-7wEjX5bN8x0uLr9cQvH1kTzY4sAaPdMfGhJiKlO' })
  key!: string;
  @ApiProperty({ example: 'my-bot' }) name!: string;
  @ApiProperty(ISO_UTC) created_at!: string;
}

/** Admin listing (GET /admin/keys): every key with its owner, revocation time and rate-limit override; never the secret. */
export class AdminKeyInfoDto extends KeyInfoDto {
  @ApiProperty({ type: 'string', nullable: true, description: "The owning developer (their token's sub); null for a bot key an admin created", example: null })
  developer_id!: string | null;
  @ApiProperty({ ...ISO_UTC, nullable: true, example: null }) revoked_at!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: "Requests per rate-limit window for this key; null: the service's default", example: null })
  rate_limit!: number | null;
}
