import DisabledContext from 'antd/es/config-provider/DisabledContext'
import { FormItemInputContext } from 'antd/es/form/context'
import { type InputHTMLAttributes, useContext } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/input.css'

/**
 * A text field of antd's Form drawn by the browser's own input with antd's classes, for a public
 * page's first view: antd's Input brings its text area, password and OTP fields and its compact
 * group, some 12 KB compressed. Form.Item gives it its value, onChange, id and aria attributes,
 * and its status (the red frame of a field in error) through antd's own contexts, as it gives
 * them to antd's Input; a form that is `disabled` disables it too.
 */
export function FormTextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { className, disabled, value, ...rest } = props
  const { status } = useContext(FormItemInputContext)
  const isFormDisabled = useContext(DisabledContext)
  const isDisabled = disabled ?? isFormDisabled ?? false
  const classes = [
    'ant-input',
    'ant-input-outlined',
    THEME_SCOPE,
    'ant-input-css-var',
    status && `ant-input-status-${status}`,
    isDisabled && 'ant-input-disabled',
    className,
  ]
  return (
    <input
      type="text"
      {...rest}
      // The form gives no value until something is typed or set: it is still the form's field.
      {...('value' in props ? { value: value ?? '' } : {})}
      disabled={isDisabled}
      className={classes.filter(Boolean).join(' ')}
    />
  )
}
