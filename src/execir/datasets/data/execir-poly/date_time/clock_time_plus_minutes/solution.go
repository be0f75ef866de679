package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func addMinutes(clock string, offset int) string {
	hours, _ := strconv.Atoi(clock[:2])
	minutes, _ := strconv.Atoi(clock[3:5])
	total := ((hours*60+minutes+offset)%1440 + 1440) % 1440
	return fmt.Sprintf("%02d:%02d", total/60, total%60)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		clock := sc.Text()
		sc.Scan()
		offset, _ := strconv.Atoi(sc.Text())
		fmt.Println(addMinutes(clock, offset))
	}
}
