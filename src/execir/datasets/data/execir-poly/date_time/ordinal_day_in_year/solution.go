package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func dayOfYear(year, month, day int) int {
	lengths := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		lengths[1] = 29
	}
	if month < 1 || month > 12 || day < 1 || day > lengths[month-1] {
		return -1
	}
	total := 0
	for i := 0; i < month-1; i++ {
		total += lengths[i]
	}
	return total + day
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
		if result := dayOfYear(y, m, d); result < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(result)
		}
	}
}
