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

func isoWeek(year, month, day int) string {
	days := daysFromCivil(year, month, day)
	thursday := days - ((days+3)%7+7)%7 + 3
	weekYear := year
	if thursday < daysFromCivil(year, 1, 1) {
		weekYear--
	} else if thursday >= daysFromCivil(year+1, 1, 1) {
		weekYear++
	}
	week := (thursday-daysFromCivil(weekYear, 1, 1))/7 + 1
	return fmt.Sprintf("%04d-W%02d", weekYear, week)
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
		y, m, d := next(), next(), next()
		fmt.Println(isoWeek(y, m, d))
	}
}
