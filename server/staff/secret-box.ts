import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from 'node:crypto'

// Under a key from STAFF_SECRET_KEY (DATA_DIR/secrets.json by default): the TOTP secrets are
// useless to whoever reads only the database or a backup of it.
export function secretBox(keyText: string) {
  const key = createHash('sha256').update(`staff-totp:${keyText}`).digest()
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((part) =>
          typeof part === 'string' ? part : part.toString('base64url'),
        )
        .join('.')
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('not a sealed staff secret')
      const decipher = createDecipheriv(
        'aes-256-gcm',
        key,
        Buffer.from(iv, 'base64url'),
      )
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

export const sha256Hex = (text: string) =>
  createHash('sha256').update(text).digest('hex')

export const randomSecret = () => randomBytes(32).toString('base64url')
