package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

var names = []string{"Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}

func weekdayName(year, month, day int) string {
	if month < 3 {
		month += 12
		year--
	}
	k := year % 100
	j := year / 100
	h := (day + (13*(month+1))/5 + k + k/4 + j/4 + 5*j) % 7
	return names[h]
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
		fmt.Println(weekdayName(y, m, d))
	}
}
