import type {
  AnchorHTMLAttributes,
  ButtonHTMLAttributes,
  ReactNode,
} from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/button.css'

type Look = {
  variant?: 'primary' | 'default' | 'link'
  size?: 'large'
  icon?: ReactNode
  isIconEnd?: boolean
  children?: ReactNode
}

const VARIANT_CLASSES = {
  primary: 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid',
  default: 'ant-btn-default ant-btn-color-default ant-btn-variant-outlined',
  link: 'ant-btn-link ant-btn-color-link ant-btn-variant-link',
}

function classesOf(look: Look, className?: string) {
  return [
    'ant-btn',
    THEME_SCOPE,
    VARIANT_CLASSES[look.variant ?? 'default'],
    look.size === 'large' && 'ant-btn-lg',
    look.icon && look.isIconEnd && 'ant-btn-icon-end',
    className,
  ]
    .filter(Boolean)
    .join(' ')
}

function Content({ icon, children }: Look) {
  return (
    <>
      {icon ? <span className="ant-btn-icon">{icon}</span> : null}
      {children ? <span>{children}</span> : null}
    </>
  )
}

function drawn<Rest>({
  variant,
  size,
  icon,
  isIconEnd,
  children,
  className,
  ...rest
}: Look & { className?: string } & Rest) {
  const look = { variant, size, icon, isIconEnd }
  return {
    className: classesOf(look, className),
    content: <Content icon={icon}>{children}</Content>,
    rest,
  }
}

// For the few buttons of the public pages' first view: antd's Button brings its wave, motion and
// compact-group machinery, some 10 KB compressed, to every first visit.
export function PlainButton({
  type = 'button',
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { className, content, rest } = drawn(props)
  return (
    <button type={type} className={className} {...rest}>
      {content}
    </button>
  )
}

export function PlainButtonLink(
  props: Look & AnchorHTMLAttributes<HTMLAnchorElement>,
) {
  const { className, content, rest } = drawn(props)
  return (
    <a className={className} {...rest}>
      {content}
    </a>
  )
}
