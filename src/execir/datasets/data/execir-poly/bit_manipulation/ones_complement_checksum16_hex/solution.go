package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func checksum16(words []int64) int64 {
	var total int64
	for _, word := range words {
		if word < 0 || word > 0xFFFF {
			return -1
		}
		total += word
		for total > 0xFFFF {
			total = (total & 0xFFFF) + (total >> 16)
		}
	}
	return ^total & 0xFFFF
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	words := make([]int64, n)
	for i := range words {
		sc.Scan()
		words[i], _ = strconv.ParseInt(sc.Text(), 10, 64)
	}
	if result := checksum16(words); result < 0 {
		fmt.Println("invalid")
	} else {
		fmt.Printf("%04X\n", result)
	}
}
