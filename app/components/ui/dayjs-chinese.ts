import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'

// antd's date pickers name months and weekdays, and start the week, by dayjs's locale. Set by
// the modules that show a picker, so that pages without one do not load dayjs for it.
dayjs.locale('zh-cn')
