// zxcvbn-ts's dictionaries are English: these are the words a Chinese-speaking guesser tries first,
// in pinyin. Common surnames (most frequent first), then words that recur in leaked Chinese
// passwords, then places and words of this site.
export const PINYIN_SURNAMES =
  `wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao
lin luo zheng liang xie song tang han feng deng cao peng zeng xiao tian dong yuan pan cai jiang yu du
ye cheng wei su lv ding ren shen yao lu jin fu zhong xue qiu dai fan fang shi tan jia zou xiong meng qin
yan bai gu hou shao long wan duan lei qian yin yi chang kong mao hao
ouyang shangguan sima zhuge murong`.split(/\s+/)

export const PINYIN_WORDS =
  `woaini aini woaini1314 wolaopo laopo laogong baobei baobao qinai aiqing
xingfu kuaile pingan jiankang fugui facai wanshi ruyi shunli yongyuan yisheng yishi yidingyao
mima wodemima mimamima zhongguo zhonghua beijing shanghai tianjin chongqing guangzhou shenzhen
xinjiang wulumuqi kashi yili hetian akesu kelamayi shihezi tulufan hami changji bayinguoleng
tianshan talimu taklimakan kashgar shuili shuiliting shuilibu shuiwu shuiku dizhi gongcheng
zhaobiao toubiao zhaotoubiao jianguan jiandu tousu guanli guanliyuan xitong zhengfu danwei
bangongshi bangong ceshi xiaoming xiaohong xiaoli xiaowang laowang dage xiongdi pengyou
tiantian nihao zaijian haoren huairen shuai piaoliang meinv shuaige`.split(
    /\s+/,
  )
