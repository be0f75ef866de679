package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func parseDuration(text string) int64 {
	factors := []int64{3600, 60, 1}
	var total int64
	digits := ""
	last := -1
	for _, ch := range text {
		if ch >= '0' && ch <= '9' {
			digits += string(ch)
		} else if pos := strings.IndexRune("hms", ch); pos >= 0 {
			if digits == "" || pos <= last {
				return -1
			}
			v, _ := strconv.ParseInt(digits, 10, 64)
			total += v * factors[pos]
			digits = ""
			last = pos
		} else {
			return -1
		}
	}
	if digits != "" || last < 0 {
		return -1
	}
	return total
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Scan()
	q, _ := strconv.Atoi(strings.TrimSpace(sc.Text()))
	for i := 0; i < q; i++ {
		line := ""
		if sc.Scan() {
			line = sc.Text()
		}
		if seconds := parseDuration(line); seconds < 0 {
			fmt.Println("invalid")
		} else {
			fmt.Println(seconds)
		}
	}
}
