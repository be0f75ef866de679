package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func utcText(t int64) string {
	days, secs := t/86400, t%86400
	if secs < 0 {
		secs += 86400
		days--
	}
	z := days + 719468
	era := z / 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if mp >= 10 {
		m = mp - 9
	}
	y := yoe + era*400
	if m <= 2 {
		y++
	}
	return fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", y, m, d, secs/3600, secs/60%60, secs%60)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		t, _ := strconv.ParseInt(sc.Text(), 10, 64)
		fmt.Println(utcText(t))
	}
}
