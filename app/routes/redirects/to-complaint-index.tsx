import { redirect } from 'react-router'

// spec §2, route table: this path redirects to /complaint/index
export const loader = () => redirect('/complaint/index')
export const clientLoader = loader

export default function Redirect() {
  return null
}
