package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func daysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := y / 400
	yoe := y - era*400
	doy := (153*((m+9)%12)+2)/5 + d - 1
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy - 719468
}

func civilFromDays(z int) string {
	z += 719468
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
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}

func addWorkingDays(start string, n int) string {
	p := strings.Split(start, "-")
	y, _ := strconv.Atoi(p[0])
	m, _ := strconv.Atoi(p[1])
	d, _ := strconv.Atoi(p[2])
	day := daysFromCivil(y, m, d)
	for n > 0 {
		day++
		if ((day+3)%7+7)%7 < 5 {
			n--
		}
	}
	return civilFromDays(day)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		start := sc.Text()
		sc.Scan()
		n, _ := strconv.Atoi(sc.Text())
		fmt.Println(addWorkingDays(start, n))
	}
}
