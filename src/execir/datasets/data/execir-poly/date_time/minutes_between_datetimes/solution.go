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

func toMinutes(date, clock string) int {
	p := strings.Split(date, "-")
	y, _ := strconv.Atoi(p[0])
	m, _ := strconv.Atoi(p[1])
	d, _ := strconv.Atoi(p[2])
	h, _ := strconv.Atoi(clock[:2])
	mi, _ := strconv.Atoi(clock[3:5])
	return daysFromCivil(y, m, d)*1440 + h*60 + mi
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() string {
		sc.Scan()
		return sc.Text()
	}
	q, _ := strconv.Atoi(next())
	for i := 0; i < q; i++ {
		a, b, c, d := next(), next(), next(), next()
		fmt.Println(toMinutes(c, d) - toMinutes(a, b))
	}
}
