// One chart type per chunk: a page loads only the ECharts code of the charts it draws.
export { LineChart as chartType } from 'echarts/charts'
