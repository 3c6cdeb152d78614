import {
  ReloadOutlined,
  SoundOutlined,
  PictureOutlined,
} from '@ant-design/icons'
import { Button, Form, Input } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'

import styles from './captcha-field.module.css'

type CaptchaKind = 'image' | 'audio'
type Challenge = { id: string; url: string; kind: CaptchaKind }

const SPOKEN_DIGITS = 6

async function loadChallenge(
  id: string,
  kind: CaptchaKind,
): Promise<Challenge> {
  const api = getBrowserRegionalApi()
  const bytes = await (kind === 'audio'
    ? api.captchaAudio({ t: id })
    : api.captchaImage({ t: id }))
  return { id, url: URL.createObjectURL(bytes), kind }
}

const loadedMessage = (kind: CaptchaKind) =>
  kind === 'audio'
    ? `已换一段语音验证码，请播放后输入听到的${SPOKEN_DIGITS}位数字`
    : '已换一张图形验证码'

// The form keeps one id: every new image or recording replaces the last one on the server, so an
// earlier answer is worthless after 换一张. Shown from an object URL: the CSP allows blob:.
export function useCaptcha() {
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const [kind, setKind] = useState<CaptchaKind>('image')
  const [hasFailed, setHasFailed] = useState(false)
  // What a screen reader is told after a change the visitor asked for (aria-live).
  const [announcement, setAnnouncement] = useState('')
  const serial = useRef(0)
  const id = useRef<string | null>(null)

  // State is set only when the bytes arrive (or fail), never at the call.
  const fetchChallenge = useCallback((next: CaptchaKind, announce: boolean) => {
    const mine = ++serial.current
    id.current ??= crypto.randomUUID()
    loadChallenge(id.current, next)
      .then((loaded) => {
        // A later click won: this one's image is not needed.
        if (mine !== serial.current) return URL.revokeObjectURL(loaded.url)
        setHasFailed(false)
        setChallenge((previous) => {
          if (previous) URL.revokeObjectURL(previous.url)
          return loaded
        })
        if (announce) setAnnouncement(loadedMessage(next))
      })
      .catch(() => {
        if (mine !== serial.current) return
        setHasFailed(true)
        setAnnouncement('验证码加载失败，请点击“换一张”重试')
      })
  }, [])

  // Browser-only work: the captcha is fetched with the page's keys.
  useEffect(() => fetchChallenge('image', false), [fetchChallenge])

  const load = useCallback(
    (next: CaptchaKind) => {
      setKind(next)
      setHasFailed(false)
      fetchChallenge(next, true)
    },
    [fetchChallenge],
  )

  const current = challenge?.kind === kind ? challenge : null
  return {
    challenge: current,
    kind,
    hasFailed,
    announcement,
    refresh: useCallback(() => load(kind), [load, kind]),
    switchKind: useCallback(
      () => load(kind === 'image' ? 'audio' : 'image'),
      [load, kind],
    ),
  }
}

type CaptchaState = ReturnType<typeof useCaptcha>

// A refresh empties the answer: the old one cannot be right any more.
export function CaptchaField({
  captcha,
  name = 'captcha',
}: {
  captcha: CaptchaState
  name?: string
}) {
  const form = Form.useFormInstance()
  const { challenge, kind, hasFailed, announcement } = captcha
  const audio = useRef<HTMLAudioElement>(null)
  const wantsPlayerFocus = useRef(false)
  const isAudio = kind === 'audio'

  // After switching to the spoken form, the player is where the visitor goes next.
  useEffect(() => {
    if (isAudio && challenge && wantsPlayerFocus.current) {
      wantsPlayerFocus.current = false
      audio.current?.focus()
    }
  }, [isAudio, challenge])

  const refresh = () => {
    form.setFieldValue(name, '')
    captcha.refresh()
  }
  const switchKind = () => {
    form.setFieldValue(name, '')
    wantsPlayerFocus.current = !isAudio
    captcha.switchKind()
  }

  const label = isAudio ? '语音验证码' : '图形验证码'
  const hintId = `${name}-captcha-hint`
  return (
    <Form.Item label={label} required className={styles.captcha}>
      <div className={styles.row}>
        <Form.Item
          name={name}
          noStyle
          rules={[
            {
              required: true,
              whitespace: true,
              message: isAudio ? '请输入语音验证码' : '请输入图形验证码',
            },
          ]}
        >
          <Input
            aria-label={label}
            aria-describedby={hintId}
            maxLength={8}
            autoComplete="off"
            inputMode={isAudio ? 'numeric' : 'text'}
            className={styles.answer}
          />
        </Form.Item>
        {challenge ? (
          isAudio ? (
            // No captions: they would be the answer. The image is the form for the eye.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <audio
              ref={audio}
              src={challenge.url}
              controls
              preload="auto"
              aria-label="语音验证码录音"
              data-captcha-id={challenge.id}
              className={styles.player}
            />
          ) : (
            <img
              src={challenge.url}
              alt="图形验证码图片"
              width={168}
              height={56}
              className={styles.image}
              data-captcha-id={challenge.id}
            />
          )
        ) : (
          <span className={styles.placeholder}>
            {hasFailed ? '验证码加载失败' : '验证码加载中…'}
          </span>
        )}
        <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
          {isAudio ? '换一段' : '换一张'}
        </Button>
      </div>
      <p id={hintId} className={styles.hint}>
        {isAudio
          ? `请播放语音，输入听到的${SPOKEN_DIGITS}位数字。`
          : '请输入图中的字母或数字，不区分大小写。看不清可点击“换一张”。'}
        <Button
          type="link"
          size="small"
          icon={
            isAudio ? (
              <PictureOutlined aria-hidden />
            ) : (
              <SoundOutlined aria-hidden />
            )
          }
          onClick={switchKind}
          className={styles.switch}
        >
          {isAudio ? '改用图形验证码' : '听语音验证码'}
        </Button>
      </p>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </Form.Item>
  )
}
