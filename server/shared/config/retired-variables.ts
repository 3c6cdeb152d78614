// Their values are site settings, edited and reviewed in the console like everything else the
// visitor sees.
const RETIRED_VARIABLES: Record<string, string> = {
  EXTERNAL_LOGIN_URL:
    'the 登录 / 注册 address is a site setting now: change it in the console (站点设置)',
  STUDY_SITE_URL:
    'the 在线学习 address is a site setting now: change it in the console (站点设置)',
}

export function retiredVariablesSet(
  env: NodeJS.ProcessEnv = process.env,
): { name: string; note: string }[] {
  return Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => (env[name] ?? '') !== '')
    .map(([name, note]) => ({ name, note }))
}
