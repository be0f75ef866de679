package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func forwardFill(values []string, limit int) []string {
	last := "_"
	gap := 0
	result := []string{}
	for _, v := range values {
		if v == "_" {
			gap++
			if gap <= limit {
				result = append(result, last)
			} else {
				result = append(result, "_")
			}
		} else {
			result = append(result, v)
			last = v
			gap = 0
		}
	}
	return result
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	sc.Scan()
	limit, _ := strconv.Atoi(sc.Text())
	values := make([]string, n)
	for i := range values {
		sc.Scan()
		values[i] = sc.Text()
	}
	if limit < 0 {
		fmt.Println("invalid")
		return
	}
	fmt.Println(strings.Join(forwardFill(values, limit), " "))
}
