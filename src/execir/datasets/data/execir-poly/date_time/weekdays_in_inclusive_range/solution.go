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

func parse(iso string) int {
	p := strings.Split(iso, "-")
	y, _ := strconv.Atoi(p[0])
	m, _ := strconv.Atoi(p[1])
	d, _ := strconv.Atoi(p[2])
	return daysFromCivil(y, m, d)
}

func businessDays(start, end string) int {
	count := 0
	for day := parse(start); day <= parse(end); day++ {
		if ((day+3)%7+7)%7 < 5 {
			count++
		}
	}
	return count
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
		fmt.Println(businessDays(start, sc.Text()))
	}
}
