// Apache ECharts' core with only what the SVG charts use (line and bar series, their components,
// the SVG renderer), behind named exports: the CLI build keeps it in a bundle of its own
// (dist/vendor-echarts.cjs), loaded only by --chart-file.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, GridComponent, TitleComponent, SVGRenderer]);

export const { init } = echarts;
