package main

import (
	"bufio"
	"fmt"
	"os"
)

func dateExists(year, month, day int) bool {
	if year < 1 || month < 1 || month > 12 || day < 1 {
		return false
	}
	leap := (year%4 == 0 && year%100 != 0) || year%400 == 0
	limit := 31
	if month == 2 {
		limit = 28
		if leap {
			limit = 29
		}
	} else if month == 4 || month == 6 || month == 9 || month == 11 {
		limit = 30
	}
	return day <= limit
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var y, m, d int
	for {
		if _, err := fmt.Fscan(reader, &y, &m, &d); err != nil {
			break
		}
		if dateExists(y, m, d) {
			fmt.Println("valid")
		} else {
			fmt.Println("invalid")
		}
	}
}
