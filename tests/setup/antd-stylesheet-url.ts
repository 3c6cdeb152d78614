/* Stands in for the URL of an antd stylesheet the build generates and links (`….css?url`). */
export default '/assets/antd-generated.css'
