package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func submasks(mask int) []string {
	if mask < 0 {
		return nil
	}
	var result []string
	sub := mask
	for {
		result = append(result, strconv.Itoa(sub))
		if sub == 0 {
			return result
		}
		sub = (sub - 1) & mask
	}
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		mask, _ := strconv.Atoi(sc.Text())
		if subs := submasks(mask); subs == nil {
			fmt.Println("none")
		} else {
			fmt.Println(strings.Join(subs, " "))
		}
	}
}
