import type {
  AnchorHTMLAttributes,
  ButtonHTMLAttributes,
  ReactNode,
} from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/button.css'

type Look = {
  /** antd's `type`: primary (solid blue), default (outlined), link. */
  variant?: 'primary' | 'default' | 'link'
  size?: 'large'
  icon?: ReactNode
  /** The icon after the text, as antd's iconPlacement="end". */
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

/** The look taken out of a button's props: its classes and content, and the props left over. */
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

/**
 * A button as antd's Button draws it (its classes and stylesheet, without the click wave), for
 * the few buttons of the public pages' first view: the search areas, the filters' 展开. antd's
 * Button brings its wave, motion and compact-group machinery, some 10 KB compressed, to every
 * first visit; these buttons need none of it. Everything else keeps antd's Button.
 */
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

/** A link drawn as a PlainButton (antd's Button with `href`). */
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
