package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
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

func nthWeekday(year, month, weekday, n int) int {
	lengths := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		lengths[1] = 29
	}
	first := ((daysFromCivil(year, month, 1)+3)%7 + 7) % 7
	day := 1 + ((weekday-first)%7+7)%7 + 7*(n-1)
	if day > lengths[month-1] {
		return -1
	}
	return day
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	q := next()
	for i := 0; i < q; i++ {
		y, m, w, n := next(), next(), next(), next()
		if day := nthWeekday(y, m, w, n); day < 0 {
			fmt.Println("none")
		} else {
			fmt.Println(day)
		}
	}
}
